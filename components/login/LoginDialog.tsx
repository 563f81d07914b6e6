'use client';
/**
 * The login dialog (SPEC 2.6, 4.2): one component keyed by the numeric login type, -1 to 17.
 * Switching remembers the previous type, except from 3, so 'back to login' returns to it. Widths
 * 8.1, 6.1 or 10.1 rem by mode. Headless UI traps focus and closes on Escape. After any successful
 * sign-in the splash of SPEC 2.8 shows, then the page re-initialises (or goes where it must).
 *
 * This file composes: the mode and its moves (use-login-mode), what a sign-in leads to (use-login-success), the
 * passport (use-passport-login), the panels' outcomes (use-login-steps), and one panel per mode (panels/).
 */
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { LoginExtra } from '@/lib/ui/events';
import { V } from '@/lib/validation/messages';
import { useSite } from '@/components/site/SiteContext';
import { Tabs, type TabItem } from '@/components/ui/Tabs';
import type { SignInAnswer } from '@/lib/contract/accounts';
import { PerfectInfoForm } from './password-forms';
import { dialogWidthRem, titleOf } from './login-types';
import { LoginSplash } from './LoginSplash';
import {
  ChooseAccountPanel,
  ChosenAccountPanel,
  LinkedPanel,
  LinkOfferPanel,
  MatchAccountPanel,
} from './panels/PassportPanels';
import { RegisterPanel } from './panels/RegisterPanel';
import {
  ForgotPanel,
  LinkInvalidPanel,
  MailSentPanel,
  ManualRetrievalPanel,
  ResetDonePanel,
  ResetPanel,
} from './panels/RetrievalPanels';
import { AccountPanel, ExamLoginPanel } from './panels/SignInPanels';
import { QrLogin } from './QrLogin';
import { TotpStep } from './TotpStep';
import { useLoginMode } from './use-login-mode';
import { useLoginSteps } from './use-login-steps';
import { useLoginSuccess } from './use-login-success';
import { useExternalLogin } from './use-external-login';
import { usePassportLogin } from './use-passport-login';
import { useTitleFocus } from './use-title-focus';

// Importers take these from here (the dialog's module); they live with the other facts about the modes.
export { dialogWidthRem, isLoginType } from './login-types';

const LOGIN_TABS: readonly TabItem<1 | 2>[] = [
  { key: 1, label: '账号登录' },
  { key: 2, label: '扫码登录' },
];

/**
 * reinit: re-initialises the page in place (the shell refreshes the server components and every query);
 * used when a prompt is already open as the splash ends, so the prompt stays. Without it, the page reloads.
 */
export function LoginDialog({
  initial,
  reinit,
  onIdle,
}: {
  initial?: { loginType: number; extra?: LoginExtra };
  reinit?: () => void;
  /** The user closed the dialog and no prompt follows (the shell may then open the post-station prompt). */
  onIdle?: () => void;
}) {
  const { title, site } = useSite();
  const { open, setOpen, type, extra, setExtra, notice, setNotice, switchTo, back, show, close } = useLoginMode(
    initial,
    onIdle,
  );
  const { splash, succeed, splashDone, totp, cancelTotp } = useLoginSuccess({
    mainSite: site.variant === 'main',
    show,
    setOpen,
    reinit,
  });
  const { passportOn, busy, toPassport, toPassportRegister, chooseAccount } = usePassportLogin({
    open,
    extra,
    setExtra,
    setNotice,
    switchTo,
    succeed,
  });
  const external = useExternalLogin({ open, type, extra, setExtra, setNotice, switchTo, succeed });
  const steps = useLoginSteps({ extra, setExtra, setNotice, setOpen, switchTo });
  const titleRef = useTitleFocus(open, type);

  const signedIn = (r: SignInAnswer) => void succeed(r);
  /** The passport's sign-ins (types 15, 16) are not followed by the prompts. */
  const linked = (r: SignInAnswer) => void succeed(r, false);
  const passport = () => void toPassport();

  let body: React.ReactNode;
  const waiting = busy ?? external.busy;
  if (totp)
    body = (
      <TotpStep
        key={totp.totpTicket}
        ticket={totp.totpTicket}
        onSuccess={(r) => void succeed(r, totp.withPrompts)}
        onCancel={cancelTotp}
      />
    );
  else if (waiting) body = <p className="py-8 text-center text-gray-700">{waiting}</p>;
  else
    switch (type) {
      case -1:
        body = <RegisterPanel resourceId={extra.resourceId} onDone={steps.registered} onLogin={() => switchTo(1)} />;
        break;
      case 2:
        body = <QrLogin onSuccess={signedIn} />;
        break;
      case 3:
        body = (
          <ForgotPanel
            onSent={steps.retrievalSent}
            onManual={() => switchTo(4)}
            onBack={back}
            onSmsDone={steps.resetDone}
          />
        );
        break;
      case 4:
        body = <ManualRetrievalPanel onBack={back} />;
        break;
      case 5:
        body = <MailSentPanel notice={notice} sentTo={steps.sentTo} onClose={() => setOpen(false)} onBack={back} />;
        break;
      case 6:
        body = <LinkInvalidPanel onRetry={steps.retrieveAgain} />;
        break;
      case 7:
        body = <ResetPanel token={extra.resetToken} onInvalid={steps.onInvalidLink} onDone={steps.resetDone} />;
        break;
      case 8:
        body = <ResetDonePanel />;
        break;
      case 9:
      case 10:
      case 11:
        body = <PerfectInfoForm key={type} type={type} onSaved={steps.perfectSaved} />;
        break;
      case 12:
        body = <LinkedPanel onClose={close} />;
        break;
      case 13:
        body = <LinkOfferPanel onLink={passport} onRegister={() => void toPassportRegister()} onClose={close} />;
        break;
      case 14:
        body = <ChooseAccountPanel list={extra.list ?? []} onChoose={(item) => void chooseAccount(item)} />;
        break;
      case 15:
        body = <ChosenAccountPanel userID={extra.userID} esLoginIO={extra.esLoginIO} onSuccess={linked} />;
        break;
      case 16:
        body = <MatchAccountPanel esLoginIO={extra.esLoginIO} onSuccess={linked} />;
        break;
      case 17:
        body = (
          <ExamLoginPanel
            passportOn={passportOn}
            wechat={external.wechat}
            wxLoginIO={extra.wxLoginIO}
            wxName={extra.wxName}
            onSuccess={extra.wxLoginIO ? linked : signedIn}
            onPassport={passport}
          />
        );
        break;
      default:
        body = (
          <AccountPanel
            notice={notice}
            passportOn={passportOn}
            casOn={external.casOn}
            onSuccess={signedIn}
            onRegister={() => switchTo(-1)}
            onForgot={() => switchTo(3)}
            onPassport={passport}
            onCas={() => void external.toCas()}
          />
        );
    }

  return (
    <>
      <Dialog open={open} onClose={close} className={`relative ${splash ? 'z-[80]' : 'z-50'}`}>
        <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
          <DialogPanel
            data-login-type={type}
            className="relative w-full rounded-lg bg-white p-6 shadow-xl sm:p-8"
            style={{ maxWidth: `min(${dialogWidthRem(type)}rem, 95vw)` }}
          >
            <DialogTitle
              key={type}
              ref={titleRef}
              tabIndex={-1}
              className="text-center text-2xl font-semibold text-brand-800"
            >
              {type === 5 && notice ? V.confirmTitle : titleOf(type, title)}
            </DialogTitle>
            <button
              type="button"
              onClick={close}
              aria-label="关闭"
              className="absolute right-3 top-3 rounded p-1 text-2xl leading-none text-gray-500 hover:text-gray-800"
            >
              ×
            </button>
            <div className="mx-auto mt-5">
              {!totp && (type === 1 || type === 2) ? (
                <Tabs
                  label="登录方式"
                  tabs={LOGIN_TABS}
                  selected={type}
                  onSelect={switchTo}
                  listClassName="mb-4 flex border-b border-gray-200"
                  tabClassName={(on) =>
                    `flex-1 py-2 text-center ${on ? 'border-b-2 border-brand-700 font-semibold text-brand-800' : 'text-gray-600'}`
                  }
                >
                  {body}
                </Tabs>
              ) : (
                body
              )}
            </div>
          </DialogPanel>
        </div>
      </Dialog>
      {splash && <LoginSplash name={splash.name} headPic={splash.headPic} onDone={splashDone} />}
    </>
  );
}
