import { Prompts } from '@atende/ui-kit';

/** /prompts (spec back-office, plan flag useOpenAi): the kit's AI prompts and their dialog. */
export function PromptsPage() {
  return (
    <div className="console-prompts" style={{ minWidth: 0 }}>
      <Prompts headingLevel={1} maxHeight="calc(100dvh - var(--console-topbar-height, 3.5rem) - 10rem)" />
    </div>
  );
}
