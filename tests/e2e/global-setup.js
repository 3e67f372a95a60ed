// One Chromium (its headless shell, chromium.js) for the whole browser layer:
// launched here, before any test file, as a playwright server; each file
// connects to it and takes fresh contexts (browser.js), which keep cookies,
// storage and caches apart as separate profiles would. Starting Chromium once
// instead of once or more per file saves a second or two each time on a 2-core
// machine.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_SHELL_PATH } from './chromium.js';

export default async function setup({ provide }) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_SHELL_PATH, headless: true, args: CHROMIUM_ARGS });
  provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
