// The contacts page.
export {};
