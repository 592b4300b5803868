// The dashboard page.
export {};
