import { Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { Screen } from '../../ui/Screen';
import { useTabParam } from '../../ui/useTabParam';
import { BusinessDetailDialog } from './BusinessDetailDialog';
import { DirectoryTab } from './DirectoryTab';
import { MyPagesTab } from './MyPagesTab';

/**
 * /business (spec 001 section 2.2): the Business Directory and My Business Pages tabs (the tab in `?tab=`), and the
 * detail dialog of the page named by `?company={name}` (cards open it by setting that parameter).
 */
export default function BusinessScreen() {
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useTabParam(['directory', 'mine'], 'directory');
  const company = params.get('company');

  const update = (change: (p: URLSearchParams) => void, replace = false) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace });
  };
  const openDetail = (name: string) => update((p) => p.set('company', name));
  const closeDetail = () =>
    update((p) => {
      p.delete('company');
      p.delete('review'); // a link to one review (the moderation queue's) marks it in the dialog's Reviews tab
    });

  return (
    <Screen
      title="Businesses"
      description={
        'South African businesses near you and around the world: browse ' +
        'the directory, follow pages and run your own.'
      }
    >
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount>
        <Tabs.List mb="4">
          <Tabs.Trigger value="directory">Business Directory</Tabs.Trigger>
          <Tabs.Trigger value="mine">My Business Pages</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="directory">
          <DirectoryTab onView={openDetail} />
        </Tabs.Content>
        <Tabs.Content value="mine">
          <MyPagesTab onView={openDetail} />
        </Tabs.Content>
      </Tabs.Root>
      {company && (
        <BusinessDetailDialog
          key={company}
          name={company}
          shownReviewId={params.get('review')}
          onClose={closeDetail}
          onRenamed={(name) => update((p) => p.set('company', name), true)}
        />
      )}
    </Screen>
  );
}
