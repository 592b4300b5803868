import { FileLists } from '@atende/ui-kit';

/** /files (spec back-office §2): the kit's file lists (a message with files, used by campaigns) and their dialog. */
export function FilesPage() {
  return (
    <div className="console-files" style={{ minWidth: 0 }}>
      <FileLists headingLevel={1} maxHeight="calc(100dvh - var(--console-topbar-height, 3.5rem) - 10rem)" />
    </div>
  );
}
