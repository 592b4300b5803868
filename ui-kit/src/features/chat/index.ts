// The ticket conversation: header, message history, composer and the contact drawer.
export {};
