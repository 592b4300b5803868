// The quick-messages page.
export {};
