import { useMemo, useState } from 'react';
import { useAllHelps } from '../data/helps';
import { useSession } from '../../../../provider/context';
import { HelpVideoDialog } from '../HelpVideoDialog/HelpVideoDialog';
import { HelpsAdmin } from '../HelpsAdmin/HelpsAdmin';
import { HelpsView } from '../HelpsView/HelpsView';
import { helpPermissions, type Help } from '../help-rules';

export interface HelpsProps {
  /** The title's heading level (1 when the page is the document's main content). Default 2. */
  headingLevel?: 1 | 2 | 3;
  /** Offer super users (helps:manage) 'Gerenciar vídeos', which swaps the grid for HelpsAdmin. Default true. */
  allowManage?: boolean;
}

/** Lower-cased, accents dropped: 'Conexão' is found by 'conexao'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The /helps page (spec administration §2, 'Helps'), connected, for everyone signed in: GET /helps/list as a grid of
 * video cards, searched in the browser (the whole list is at hand); a card opens the video in a modal. Super users
 * also get 'Gerenciar vídeos': the same page shows HelpsAdmin (add, edit, delete) until 'Ver vídeos'.
 */
export function Helps({ headingLevel, allowManage = true }: HelpsProps) {
  const { user } = useSession();
  const canManage = allowManage && helpPermissions(user ?? undefined).canManage;
  const list = useAllHelps();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Help | null>(null);
  const [managing, setManaging] = useState(false);

  const shown = useMemo(() => {
    const term = fold(search.trim());
    if (!term || !list.data) return list.data;
    return list.data.filter((help) => fold(help.title).includes(term) || fold(help.description).includes(term));
  }, [list.data, search]);

  if (canManage && managing) return <HelpsAdmin headingLevel={headingLevel} onBack={() => setManaging(false)} />;

  return (
    <>
      <HelpsView
        helps={shown}
        isLoading={list.isPending}
        isError={list.isError}
        onReload={() => void list.refetch()}
        onOpen={setOpen}
        search={search}
        onSearchChange={setSearch}
        onManage={canManage ? () => setManaging(true) : undefined}
        headingLevel={headingLevel}
      />
      <HelpVideoDialog help={open} onClose={() => setOpen(null)} />
    </>
  );
}
