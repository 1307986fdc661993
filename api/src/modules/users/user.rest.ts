import { restTable } from '../../rest/route';
import { USER_FIELDS } from './user.fields';

export const userRest = restTable([
  {
    method: 'POST',
    path: '/api/user/tutorial',
    operation: `mutation UpdateTutorial($step: Int, $completed: Boolean) { updateTutorial(tutorialStep: $step, tutorialCompleted: $completed) { ${USER_FIELDS} } }`,
    body: { tutorialStep: 'number?', tutorialCompleted: 'boolean?' },
    variables: ({ body }) => ({ step: body.tutorialStep ?? null, completed: body.tutorialCompleted ?? null }),
  },
]);
