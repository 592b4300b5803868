// The users page (administration): the searched, infinitely scrolled list, the user modal, and the connected page.
export {
  NO_CONNECTION,
  USER_PROFILES,
  USER_TOGGLES,
  USER_TOGGLE_FIELDS,
  changedPasswordRule,
  externalIdRule,
  formValuesOf as userFormValuesOf,
  isPlanFull,
  newPasswordRule,
  planUsageOf,
  sortedQueues,
  userBody,
  userEmailRule,
  userNameRule,
  userPermissions,
  type PlanUsage,
  type User,
  type UserBody,
  type UserFormValues,
  type UserPermissions,
  type UserProfile,
  type UserToggle,
  type UserToggleField,
} from './user-rules';
export { UsersView, type UsersViewProps } from './UsersView/UsersView';
export { UserModal, type UserModalProps } from './UserModal/UserModal';
export { Users, type UsersProps } from './Users/Users';
export { usersTexts } from './users.texts';
export { useAllUsers, useCreateUser, useDeleteUser, useUpdateUser, useUpdateUserFromCompany, useUser, useUsers } from './data/users';
export { removeUser, writeUser } from './data/user-cache';
export { usersRealtime } from './data/realtime';
