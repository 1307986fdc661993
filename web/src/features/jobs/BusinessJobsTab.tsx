import { Text } from '@chakra-ui/react';

export interface BusinessJobsTabProps {
  businessId: string;
  businessName: string;
  /** The viewer owns the page: create and delete vacancies, open the applicant tracking board. */
  isOwner: boolean;
}

/** The Jobs tab of a business's detail dialog: its vacancies (the jobs vertical fills this in). */
export function BusinessJobsTab({ isOwner }: BusinessJobsTabProps) {
  return (
    <Text color="fg.muted">
      {isOwner ? 'Create your first job vacancy to start hiring.' : 'Check back later for new opportunities.'}
    </Text>
  );
}
