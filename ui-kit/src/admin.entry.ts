// @atende/ui-kit/admin: the company's administration screens (users, queues, settings, business hours, holidays,
// plans, companies, help videos, embed keys).
export * from './features/admin/business-hours';
export * from './features/admin/queues';
export * from './features/admin/settings';
export * from './features/admin/plans';
export * from './features/admin/companies';
export * from './features/admin/users';
export * from './features/admin/helps';
export * from './features/admin/holidays';
export * from './features/admin/embed-keys';
