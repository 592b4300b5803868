/**
 * The platform's public sign-up switch: the setting `publicSignup` ('enabled' | 'disabled', no row: enabled) of the
 * platform company (PUBLIC_COMPANY_ID). Not one of a company's settings (not in SETTING_DEFINITIONS: no settings list
 * shows it and PUT /settings/{key} refuses it); super users set it through PUT /platform-settings (auth/signup).
 */
export const SIGNUP_SETTING_KEY = 'publicSignup';

export const signupOpen = (stored: string): boolean => stored !== 'disabled';
