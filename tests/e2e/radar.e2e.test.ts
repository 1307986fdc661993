/**
 * SAFFA Radar and the feature settings between real members (spec 002 sections 2 and 4, issue 13): two members
 * near Windhoek turn radar on (each browser context grants a fixed position), each sees the other with the
 * distance; one messages the other; one turns radar off and vanishes from the other's list. A member whose browser
 * refuses the position gets Location Access Required. The features a member shows in the sidebar are stored on the
 * server: a change shows in the sidebar and is there in another browser after signing in.
 *
 * One server for the file. The features are switched in the profile's Settings tab, by keyboard for one of them.
 */
import { describe, expect, test } from 'vitest';
import { answered, browserSuite } from '../support/suite';

const suite = browserSuite();
const { gql } = suite;
const HERE = { latitude: -22.5609, longitude: 17.0658 };
/** 2.2 km north of HERE. */
const NORTH = { latitude: HERE.latitude + 0.02, longitude: HERE.longitude };

const page = (position = HERE) => suite.page({ geolocation: position, permissions: ['geolocation'] });

describe('radar', () => {
  test('two members find each other; turning radar off hides one at once; a refused position asks for access', async () => {
    const a = await page(HERE);
    await suite.signUp(a.context, 'Anele', 'Radar');
    const b = await page(NORTH);
    const bee = await suite.signUp(b.context, 'Bongani', 'Radar');

    // A turns radar on: nobody is near yet.
    await a.page.goto('/saffa-radar');
    await a.page.getByRole('heading', { name: 'Radar Disabled' }).waitFor();
    await a.page.getByTestId('radar-toggle').getByText('SAFFA Radar', { exact: true }).click();
    await a.page.getByText('Radar Enabled').first().waitFor();
    await a.page.getByRole('heading', { name: 'No Users Found' }).waitFor();

    // B turns it on with the keyboard and sees A, 2.2 km away (shown rounded to 2 km), with a Message button.
    await b.page.goto('/saffa-radar');
    await b.page.getByRole('heading', { name: 'Radar Disabled' }).waitFor();
    await b.page.getByRole('switch', { name: /SAFFA Radar/ }).focus();
    await b.page.keyboard.press('Space');
    const anele = b.page.getByTestId('nearby-user').filter({ hasText: 'Anele Radar' });
    await anele.getByText('2 km away').waitFor();

    // A scans again (a reload) and sees B; a radius of 1 km leaves B out.
    await a.page.reload();
    const bongani = a.page.getByTestId('nearby-user').filter({ hasText: 'Bongani Radar' });
    await bongani.waitFor();
    await a.page.getByTestId('radar-radius').selectOption('1');
    await a.page.getByRole('heading', { name: 'No Users Found' }).waitFor();
    expect(new URL(a.page.url()).searchParams.get('radius')).toBe('1');
    await a.page.getByTestId('radar-radius').selectOption('5');
    await bongani.waitFor();

    // Message opens the conversation with B.
    await bongani.getByRole('button', { name: 'Message Bongani Radar' }).click();
    await a.page.waitForURL(/\/messages\?conversation=/);
    const { conversations } = await gql(a.context, '{ conversations(first: 5) { nodes { id peer { memberId } } } }');
    expect(conversations.nodes.map((c: { peer: { memberId: string | null } }) => c.peer.memberId)).toContain(bee.id);

    // B turns radar off: gone from A's list at once, and B sees Radar Disabled.
    await b.page.getByRole('switch', { name: /SAFFA Radar/ }).click({ force: true });
    await b.page.getByRole('heading', { name: 'Radar Disabled' }).waitFor();
    await a.page.goto('/saffa-radar?radius=5');
    await a.page.getByRole('heading', { name: 'No Users Found' }).waitFor();
    await expect(a.page.getByTestId('nearby-user').count()).resolves.toBe(0);

    // C's browser refuses the position.
    const c = await suite.page({ geolocation: HERE, permissions: [] });
    await suite.signUp(c.context, 'Chantal', 'Radar');
    await c.page.goto('/saffa-radar');
    await c.page.getByRole('switch', { name: /SAFFA Radar/ }).focus();
    await c.page.keyboard.press('Space');
    await c.page.getByRole('heading', { name: 'Location Access Required' }).waitFor();
    await c.page.getByText('Could not get your location. Please enable location services.').first().waitFor();
    const { me } = await gql(c.context, '{ me { radarEnabled } }');
    expect(me.radarEnabled).toBe(false);
  }, 120_000);

  test('a feature toggle changes the sidebar and follows the member to another browser', async () => {
    const first = await page();
    const member = await suite.signUp(first.context, 'Fikile', 'Settings');
    await first.page.goto('/');
    const features = first.page.getByTestId('my-features');
    await features.getByRole('link', { name: 'Dating' }).waitFor();
    expect(await features.getByRole('link', { name: 'News' }).count()).toBe(0);

    // In the profile's Settings tab: News on (a click), Dating off (the keyboard); the sidebar follows at once.
    await first.page.goto('/profile?tab=settings');
    const news = first.page.getByRole('switch', { name: 'News' });
    await answered(first.page, 'SetFeatureEnabled', () => news.click());
    await features.getByRole('link', { name: 'News' }).waitFor();
    const dating = first.page.getByRole('switch', { name: 'Dating' });
    await dating.focus();
    // The sidebar changes before the server answers (optimistic): wait for the answer, or the reload cancels it.
    await answered(first.page, 'SetFeatureEnabled', () => first.page.keyboard.press('Space'));
    await features.getByRole('link', { name: 'Dating' }).waitFor({ state: 'detached' });
    // Stored: after a reload too.
    await first.page.reload();
    await features.getByRole('link', { name: 'News' }).waitFor();
    expect(await features.getByRole('link', { name: 'Dating' }).count()).toBe(0);

    // Another browser (a new context: no local storage, no cookie), signed in as the same member.
    const other = await page();
    const login = await other.context.request.post('/api/auth/login', {
      data: { email: member.input.email, password: member.input.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    await other.page.goto('/');
    const there = other.page.getByTestId('my-features');
    await there.getByRole('link', { name: 'News' }).waitFor();
    expect(await there.getByRole('link', { name: 'Dating' }).count()).toBe(0);
  }, 120_000);
});
