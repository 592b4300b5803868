import { CONTACTS_COUNT_CAP, CONTACTS_SEARCH_COUNT_CAP, contactMatch, contactsPaging, countCap } from './contacts.rules';

describe('contacts.rules', () => {
  it('matches every contact without a term, the name by a word, the name or the number by a term with digits', () => {
    expect(contactMatch(undefined)).toEqual({ kind: 'all' });
    expect(contactMatch('   ')).toEqual({ kind: 'all' });
    expect(contactMatch(' Maria ')).toEqual({ kind: 'name', name: '%maria%' });
    expect(contactMatch('(11) 9876')).toEqual({ kind: 'name-or-number', name: '%(11) 9876%', number: '%119876%' });
    expect(contactMatch('50%')).toEqual({ kind: 'name-or-number', name: '%50\\%%', number: '%50%' });
  });

  it('counts a search less far than the whole list', () => {
    expect(countCap(undefined)).toBe(CONTACTS_COUNT_CAP);
    expect(countCap(' ')).toBe(CONTACTS_COUNT_CAP);
    expect(countCap('ana')).toBe(CONTACTS_SEARCH_COUNT_CAP);
  });

  it('stops the count at the cap, saying so, and pages on while a full page leaves more', () => {
    expect(contactsPaging(20, 1000, 20, 20, 0)).toEqual({ count: 20, countCapped: false, hasMore: false });
    expect(contactsPaging(41, 1000, 20, 20, 20)).toEqual({ count: 41, countCapped: false, hasMore: true });
    expect(contactsPaging(1001, 1000, 20, 20, 980)).toEqual({ count: 1000, countCapped: true, hasMore: true });
    expect(contactsPaging(1000, 1000, 20, 20, 980)).toEqual({ count: 1000, countCapped: false, hasMore: false });
    expect(contactsPaging(101, 100, 5, 20, 200)).toEqual({ count: 100, countCapped: true, hasMore: false });
  });
});
