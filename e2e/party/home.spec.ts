import { test } from '@playwright/test';
import { SITES, expectHomePage } from '../support/sites';

test('the party-member site home page shows its title, the six modules, news and notices', async ({ page }) => {
  await expectHomePage(page, SITES.party);
});
