'use client';
/**
 * Account settings of the personal centre (basic information, password, e-mail, post station).
 * Owned by the accounts work; the personal centre (learning) renders it as is.
 */
export function AccountSettings() {
  return (
    <section aria-labelledby="account-settings-title">
      <h2 id="account-settings-title" className="text-lg font-semibold">
        账号设置
      </h2>
    </section>
  );
}
