'use client';
/** The login dialog's passport panels (SPEC 2.6 types 12 to 16): linked, offer to link, and matching an account. */
import { V } from '@/lib/validation/messages';
import type { SignInAnswer } from '@/lib/contract/accounts';
import { linkButton, primaryButton } from '@/components/login/fields';
import { UsernameForm } from '@/components/login/forms';
import { imageUrl } from '@/lib/format';
import type { MatchItem } from '@/components/login/login-types';

/** Type 12: the account is linked already. */
export function LinkedPanel({ onClose }: { onClose: () => void }) {
  return (
    <>
      <p className="text-gray-800">您的账号已关联科技云通行证，之后可直接使用科技云通行证登录。</p>
      <button type="button" className={`${primaryButton} mt-5`} onClick={onClose}>
        {V.confirmOk}
      </button>
    </>
  );
}

/** Type 13: the offer to link the account (or first register at the passport). */
export function LinkOfferPanel({
  onLink,
  onRegister,
  onClose,
}: {
  onLink: () => void;
  onRegister: () => void;
  onClose: () => void;
}) {
  return (
    <>
      <p className="text-gray-800">
        您的账号尚未关联科技云通行证。关联后可使用科技云通行证一键登录；还没有通行证账号的，可先注册。
      </p>
      <div className="mt-5 grid gap-2">
        <button type="button" className={primaryButton} onClick={onLink}>
          关联科技云通行证
        </button>
        <button
          type="button"
          className="w-full rounded-md border border-brand-700 py-2.5 text-brand-800 hover:bg-brand-50"
          onClick={onRegister}
        >
          注册科技云通行证
        </button>
        <button type="button" className={linkButton} onClick={onClose}>
          以后再说
        </button>
      </div>
    </>
  );
}

const DEFAULT_AVATAR = '/avatars/default.svg';

/** Type 14: the passport matches several accounts: one is chosen. */
export function ChooseAccountPanel({ list, onChoose }: { list: MatchItem[]; onChoose: (item: MatchItem) => void }) {
  return (
    <>
      <p className="mb-3 text-sm text-gray-700">您的科技云通行证对应多个平台账号，请选择要登录的账号：</p>
      <ul className="space-y-2">
        {list.map((item) => (
          <li key={item.userID}>
            <button
              type="button"
              onClick={() => onChoose(item)}
              className="flex w-full items-center gap-3 rounded-md border border-gray-300 px-3 py-2 text-left hover:border-brand-600"
            >
              {/* SPEC 3: the list item's address is the account's avatar; the default one when it has none. */}
              {/* eslint-disable-next-line @next/next/no-img-element -- a small avatar of any origin the account uses */}
              <img
                src={imageUrl(item.address) || DEFAULT_AVATAR}
                alt=""
                width={36}
                height={36}
                data-testid="account-avatar"
                onError={(e) => {
                  if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) e.currentTarget.src = DEFAULT_AVATAR;
                }}
                className="h-9 w-9 shrink-0 rounded-full bg-gray-100 object-cover"
              />
              <span>
                <span className="block font-medium">{item.operatorName}</span>
                <span className="block text-sm text-gray-600">{item.userID}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Type 15: the password of the chosen account, which links it. */
export function ChosenAccountPanel({
  userID,
  esLoginIO,
  onSuccess,
}: {
  userID?: string;
  esLoginIO?: string;
  onSuccess: (r: SignInAnswer) => void;
}) {
  return (
    <>
      <p className="mb-3 text-sm text-gray-700">请输入所选账号的密码完成登录，登录后该账号将与科技云通行证关联。</p>
      <UsernameForm key={`15-${userID}`} userID={userID} lockedUser esLoginIO={esLoginIO} onSuccess={onSuccess} />
    </>
  );
}

/** Type 16: no account matches: signing in to one links it. */
export function MatchAccountPanel({
  esLoginIO,
  onSuccess,
}: {
  esLoginIO?: string;
  onSuccess: (r: SignInAnswer) => void;
}) {
  return (
    <>
      <p className="mb-3 text-sm text-gray-700">未找到与您的科技云通行证匹配的平台账号，请登录平台账号完成关联。</p>
      <UsernameForm key="16" esLoginIO={esLoginIO} onSuccess={onSuccess} />
    </>
  );
}
