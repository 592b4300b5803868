import { Users } from '@atende/ui-kit';
import './UsersPage.css';

/** /users (spec administration §2): the kit's users page. */
export function UsersPage() {
  return (
    <div className="console-users">
      <Users headingLevel={1} bulkActions />
    </div>
  );
}
