// The parts of the dashboard's HTML that are always there: the sign-in card, the top bar with the
// merchant and the mode switch, the navigation, and the main area every view is drawn into.
import { byId, h, initials, isShowableLogo } from '../shared/dom.js';
import { state } from './state.js';

export const els = {
  boot: byId('boot'),
  strip: byId('test-strip'),
  skipLink: byId('skip-link'),
  signinPage: byId('signin-page'),
  signinTitle: byId('signin-title'),
  signinNotice: byId('signin-notice'),
  signinAlert: byId('signin-alert'),
  signinForm: /** @type {HTMLFormElement} */ (byId('signin-form')),
  signinEmail: /** @type {HTMLInputElement} */ (byId('signin-email')),
  signinPassword: /** @type {HTMLInputElement} */ (byId('signin-password')),
  signinButton: /** @type {HTMLButtonElement} */ (byId('signin-button')),
  app: byId('app'),
  main: byId('main'),
  logo: byId('merchant-logo'),
  merchantName: byId('merchant-name'),
  merchantUser: byId('merchant-user'),
  modeToggle: byId('mode-toggle'),
  signout: /** @type {HTMLButtonElement} */ (byId('signout-button')),
  navLinks: /** @type {HTMLAnchorElement[]} */ ([...document.querySelectorAll('.nav-link')]),
  dialog: /** @type {HTMLDialogElement} */ (byId('confirm-dialog')),
  dialogTitle: byId('confirm-title'),
  dialogMessage: byId('confirm-message'),
  dialogOk: /** @type {HTMLButtonElement} */ (byId('confirm-ok')),
  dialogCancel: /** @type {HTMLButtonElement} */ (byId('confirm-cancel')),
};

/** The signed-in merchant and user in the top bar, with the merchant's logo or initials. */
export function renderMerchant() {
  if (state.session === null) return;
  const { merchant, user } = state.session;
  els.merchantName.textContent = merchant.name;
  els.merchantUser.textContent = user.email;
  const url = merchant.logo_url;
  if (isShowableLogo(url)) {
    const img = h('img', { alt: '', referrerpolicy: 'no-referrer', decoding: 'async' });
    img.addEventListener('error', () => els.logo.replaceChildren(initials(merchant.name)), { once: true });
    img.src = url;
    els.logo.replaceChildren(img);
  } else {
    els.logo.replaceChildren(initials(merchant.name));
  }
}

/**
 * The test strip, the mode switch and the navigation for the route being shown.
 * @param {{ mode: import('./state.js').Mode, section: string }} route
 */
export function renderChrome(route) {
  const test = route.mode === 'test';
  els.strip.hidden = !test;
  document.body.classList.toggle('mode-test', test);
  els.modeToggle.setAttribute('aria-checked', String(test));
  for (const a of els.navLinks) {
    const sectionName = a.dataset['section'];
    a.setAttribute('href', `#/${route.mode}/${sectionName}`);
    if (sectionName === route.section) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}
