/** At most `width` pieces of work at once; the others wait their turn in arrival order. */
export class Lane {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly width: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    while (this.running >= this.width) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
