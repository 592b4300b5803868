import { QUEUE_OPTION_NUMBER_MAX, ROOT_PARENT } from './dto/queue-option.dto';
import { newOptionNumber, parentOf, renumbering, subtreeIds } from './queue-options.rules';

describe('queue-options.rules', () => {
  it('reads no parent, null and the root marker as the first level', () => {
    expect(parentOf(undefined)).toBeNull();
    expect(parentOf(null)).toBeNull();
    expect(parentOf(ROOT_PARENT)).toBeNull();
    expect(parentOf(7)).toBe(7);
  });

  it("numbers a new option one past its siblings' highest, or as asked when free", () => {
    expect(newOptionNumber(undefined, [])).toBe(1);
    expect(newOptionNumber(undefined, [{ option: 1 }, { option: 4 }])).toBe(5);
    expect(newOptionNumber(3, [{ option: 1 }, { option: 4 }])).toBe(3);
  });

  it('refuses a number a sibling has, or past the maximum', () => {
    expect(newOptionNumber(4, [{ option: 1 }, { option: 4 }])).toBeNull();
    expect(newOptionNumber(QUEUE_OPTION_NUMBER_MAX + 1, [])).toBeNull();
    expect(newOptionNumber(undefined, [{ option: QUEUE_OPTION_NUMBER_MAX }])).toBeNull();
    expect(newOptionNumber(QUEUE_OPTION_NUMBER_MAX, [])).toBe(QUEUE_OPTION_NUMBER_MAX);
  });

  it('collects an option and everything below it', () => {
    const all = [
      { id: 1, parentId: null },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 2 },
      { id: 4, parentId: null },
      { id: 5, parentId: 1 },
    ];
    expect(subtreeIds(all, 1)).toEqual([1, 2, 5, 3]);
    expect(subtreeIds(all, 4)).toEqual([4]);
  });

  it('numbers the siblings left 1..n, naming only those that change', () => {
    const a = { option: 1 };
    const b = { option: 3 };
    const c = { option: 4 };
    expect(renumbering([a, b, c])).toEqual([
      { item: b, option: 2 },
      { item: c, option: 3 },
    ]);
    expect(renumbering([a])).toEqual([]);
  });
});
