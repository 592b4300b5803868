// The companies panel (super users): the settings' Empresas tab.
export {
  RECURRENCES,
  RECURRENCE_MONTHS,
  companyFormValues,
  createCompanyBody,
  dueDays,
  dueTone,
  formatDueDate,
  isOverdue,
  nextDueDate,
  updateCompanyBody,
  type Company,
  type CompanyFormValues,
  type CompanyUser,
  type CreateCompanyBody,
  type DueTone,
  type Recurrence,
  type UpdateCompanyBody,
} from './company-rules';
export { CompaniesView, type CompaniesViewProps, type CompanyPlanChoice } from './CompaniesView/CompaniesView';
export { CompanyModal, type CompanyModalProps } from './CompanyModal/CompanyModal';
export { CompanyUsersDialog, type CompanyUsersDialogProps } from './CompanyUsersDialog/CompanyUsersDialog';
export { Companies, type CompaniesProps } from './Companies/Companies';
export { companiesTexts } from './companies.texts';
export {
  useAllCompanies,
  useCompanies,
  useCompany,
  useCompanyUsers,
  useCreateCompany,
  useDeleteCompany,
  useExtendCompanyDueDate,
  useImpersonate,
  useUpdateCompany,
  useUpdateCompanySchedules,
} from './data/companies';
export { removeCompany, writeCompany } from './data/company-cache';
export { companiesRealtime } from './data/realtime';
