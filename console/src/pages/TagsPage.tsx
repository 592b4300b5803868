import { TagsPage as TagsScreen } from '@atende/ui-kit';
import './TagsPage.css';

/** /tags (spec back-office §2): the kit's tags page with its tag modal. */
export function TagsPage() {
  return (
    <div className="console-tags">
      <TagsScreen headingLevel={1} />
    </div>
  );
}
