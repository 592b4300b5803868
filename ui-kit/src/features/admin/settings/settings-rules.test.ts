import { describe, expect, it } from 'vitest';
import { settingsPt } from './settings.texts';
import { DISTRIBUTOR_SECTIONS, OPTION_SECTIONS, SETTING_DEFAULTS, settingValues, validNumber } from './settings-rules';

const ALL = [...OPTION_SECTIONS, ...DISTRIBUTOR_SECTIONS].flatMap((s) => s.fields);

describe('settings rules', () => {
  it("covers every company setting key of the spec that acts, except the white label's (own tab) and campaignsEnabled (super users)", () => {
    const spec =
      'userRating, scheduleType, call, CheckMsgIsGroup, groupsTab, groupsIsTeckets, sendGreetingAccepted, sendMsgTransfTicket, chatBotType, timeOut, AutomaticDistribution, NumberOfTickets, UsersOnline, userCreation'.split(
        ', ',
      );
    expect(ALL.map((f) => f.key).sort()).toEqual([...spec].sort());
  });

  it('does not offer the keys nothing acts on: groupSelected and the IXC, MK-AUTH and Asaas credentials', () => {
    const keys = ALL.map((f) => f.key);
    for (const key of ['groupSelected', 'ipixc', 'tokenixc', 'ipmkauth', 'clientidmkauth', 'clientsecretmkauth', 'asaas']) {
      expect(keys, key).not.toContain(key);
      expect((settingsPt as Record<string, string>)[`settings.key.${key}`], key).toBeUndefined();
    }
    // Nothing on the screen says the chatbot uses billing systems' credentials.
    expect(Object.values(settingsPt).join(' ')).not.toMatch(/IXC|MK-AUTH|Asaas|usados pelo chatbot/i);
  });

  it('has a label and a description for every key, and a text for every select value', () => {
    const texts: Record<string, string> = settingsPt;
    for (const section of [...OPTION_SECTIONS, ...DISTRIBUTOR_SECTIONS]) {
      for (const { key, control } of section.fields) {
        expect(texts[`settings.key.${key}`], key).toBeTruthy();
        expect(texts[`settings.key.${key}.description`], key).toBeTruthy();
        if (control.kind === 'select') for (const v of control.values) expect(texts[`settings.value.${key}.${v}`], `${key}=${v}`).toBeTruthy();
      }
    }
  });

  it("fills keys the company has not stored with the API's defaults", () => {
    const values = settingValues([{ key: 'userRating', value: 'enabled' }]);
    expect(values.userRating).toBe('enabled');
    expect(values.timeOut).toBe('5');
    expect(values.call).toBe(SETTING_DEFAULTS.call);
  });

  it('takes whole numbers within the limit; blank only where it has a meaning', () => {
    expect(validNumber('10', { kind: 'number', max: 9999 })).toBe(true);
    expect(validNumber('', { kind: 'number', max: 9999 })).toBe(false);
    expect(validNumber('', { kind: 'number', max: 9999, blankMeans: '5' })).toBe(true);
    expect(validNumber('-1', { kind: 'number', max: 9999 })).toBe(false);
    expect(validNumber('1.5', { kind: 'number', max: 9999 })).toBe(false);
    expect(validNumber('10000', { kind: 'number', max: 9999 })).toBe(false);
  });
});
