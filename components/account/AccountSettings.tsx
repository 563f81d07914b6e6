'use client';
/**
 * Account settings of the personal centre (basic information, head picture, password, e-mail, post
 * station). Owned by the accounts work; the personal centre (learning) renders it as is.
 * Forms use react-hook-form with the shared schemas of lib/validation/accounts.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiEvents } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import { apiQuery } from '@/lib/api/query';
import type { MyInfo } from '@/lib/contract/accounts';
import { MESSAGE_DURATION_MS } from '@/lib/constants';
import { changePasswordSchema, updateEmailSchema, updateInfoSchema } from '@/lib/validation/accounts';
import { Field, FormError, NewPasswordFields } from '@/components/login/fields';
import { DEFAULT_HEAD } from '@/components/login/LoginSplash';
import { StationDialog } from './StationDialog';
import { TotpSettings } from './TotpSettings';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { EmailSetting } from '@/components/notifications/EmailSetting';

type Me = MyInfo;

const saved = (message = '保存成功') =>
  apiEvents.emit({ type: 'notify', kind: 'info', message, durationMs: MESSAGE_DURATION_MS });
/** The forms show a failure beside their fields (FormError, role=alert): the toast does not announce it again. */
const INLINE = { shownInline: true } as const;
const fail = (e: unknown) => failureText(e, '保存失败，请稍后重试');
const card = 'rounded-lg border border-gray-200 bg-white p-5';
const submit = 'rounded-md bg-brand-700 px-6 py-2 text-white hover:bg-brand-800 disabled:opacity-60';

export function AccountSettings() {
  const me = useQuery(apiQuery('/api/eosoperator/myInfo'));
  const stations = useQuery(apiQuery('/api/station/mine'));
  const [stationOpen, setStationOpen] = useState(false);
  if (me.isPending) return <p className="text-gray-600">加载中…</p>;
  if (me.isError)
    return <LoadFailed what="账号信息" onRetry={me.refetch} retrying={me.isFetching} className="py-6 text-gray-700" />;
  const user = me.data;
  return (
    <section aria-labelledby="account-settings-title" className="space-y-5">
      <h2 id="account-settings-title" className="text-lg font-semibold">
        账号设置
      </h2>
      <div className="grid gap-5 lg:grid-cols-2">
        <HeadPicture user={user} />
        <BasicInfo user={user} />
        <ChangePassword />
        <TotpSettings />
        <ChangeEmail current={user.email} />
        <EmailSetting heading />
        <div className={card}>
          <h3 className="font-semibold">学习岗位</h3>
          <p className="mt-2 text-sm text-gray-700">
            {stations.data?.length ? stations.data.map((s) => s.stationName).join('、') : '尚未选择学习岗位'}
          </p>
          <button type="button" className={`${submit} mt-4`} onClick={() => setStationOpen(true)}>
            选择岗位
          </button>
        </div>
      </div>
      <StationDialog operatorID={user.operatorID} open={stationOpen} onClose={() => setStationOpen(false)} />
    </section>
  );
}

function useRefreshMe() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['/api/eosoperator/myInfo'] });
}

/** A picture the user picks, scaled down to 160 px in the browser and sent as a small data: URL. */
function HeadPicture({ user }: { user: Me }) {
  const refresh = useRefreshMe();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    setError('');
    if (!file) return;
    if (!/^image\/(png|jpeg|webp)$/.test(file.type)) return setError('头像必须是PNG、JPEG或WebP图片');
    setBusy(true);
    let headPic: string;
    try {
      const bitmap = await createImageBitmap(file);
      const size = 160;
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const side = Math.min(bitmap.width, bitmap.height);
      canvas
        .getContext('2d')!
        .drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, size, size);
      headPic = canvas.toDataURL('image/jpeg', 0.85);
    } catch {
      setError('头像读取失败，请换一张图片');
      setBusy(false);
      return;
    }
    try {
      await call(api, '/api/eosoperator/updateHead', { headPic }, INLINE);
      await refresh();
      saved('头像已更新');
    } catch (e) {
      setError(fail(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={`${card} flex items-center gap-5`}>
      {/* eslint-disable-next-line @next/next/no-img-element -- the user's own data: URL */}
      <img
        src={user.headPic || DEFAULT_HEAD}
        alt={`${user.operatorName}的头像`}
        width={80}
        height={80}
        className="h-20 w-20 rounded-full border object-cover"
      />
      <div>
        <h3 className="font-semibold">头像</h3>
        <label className={`${submit} mt-3 inline-block cursor-pointer`}>
          {busy ? '上传中…' : '更换头像'}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </label>
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      </div>
    </div>
  );
}

function BasicInfo({ user }: { user: Me }) {
  const refresh = useRefreshMe();
  const form = useForm({
    resolver: zodResolver(updateInfoSchema),
    defaultValues: { operatorName: user.operatorName, gender: (user.gender ?? 1) as 1 | 2, remark: user.remark },
  });
  const { register, handleSubmit, formState, setError } = form;
  const gender = useWatch({ control: form.control, name: 'gender' });
  const onSubmit = handleSubmit(async (v) => {
    try {
      await call(api, '/api/eosoperator/update', v, INLINE);
      await refresh();
      saved();
    } catch (e) {
      setError('root', { message: fail(e) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className={card}>
      <h3 className="font-semibold">基本信息</h3>
      <p className="mt-2 text-sm text-gray-600">
        登录账号 {user.userID}
        {user.orgName && `，单位 ${user.orgName}`}
      </p>
      <div className="mt-3">
        <Field
          id="acc-name"
          label="姓名"
          error={formState.errors.operatorName?.message}
          {...register('operatorName')}
        />
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm text-gray-700">性别</legend>
          {/* Controlled: a registered radio compares its string value with the number 1 or 2 and never shows the saved one. */}
          {(
            [
              [1, '男'],
              [2, '女'],
            ] as const
          ).map(([g, label]) => (
            <label key={g} className="mr-4">
              <input
                type="radio"
                name="gender"
                value={g}
                checked={gender === g}
                onChange={() => form.setValue('gender', g, { shouldDirty: true })}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        <Field id="acc-remark" label="备注" error={formState.errors.remark?.message} {...register('remark')} />
      </div>
      <FormError message={formState.errors.root?.message} />
      <button type="submit" disabled={formState.isSubmitting} className={`${submit} mt-2`}>
        保存
      </button>
    </form>
  );
}

function ChangePassword() {
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const onSubmit = handleSubmit(async (v) => {
    try {
      await call(api, '/api/eosoperator/changePassword', v, INLINE);
      reset();
      saved('密码修改成功');
    } catch (e) {
      setError('root', { message: fail(e) });
    }
  });
  const err = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className={card}>
      <h3 className="mb-3 font-semibold">修改密码</h3>
      <Field
        id="acc-old"
        label="原密码"
        type="password"
        autoComplete="current-password"
        error={err.oldPassword?.message}
        {...register('oldPassword')}
      />
      <NewPasswordFields
        password={{ id: 'acc-new', error: err.newPassword?.message, ...register('newPassword') }}
        confirm={{ id: 'acc-confirm', error: err.confirmPassword?.message, ...register('confirmPassword') }}
      />
      <FormError message={err.root?.message} />
      <button type="submit" disabled={formState.isSubmitting} className={`${submit} mt-2`}>
        修改密码
      </button>
    </form>
  );
}

/** Replacing an e-mail already set asks for the current password (the e-mail can reset it). */
const changeEmailSchema = updateEmailSchema.extend({ password: z.string().max(128) });

function ChangeEmail({ current }: { current: string }) {
  const refresh = useRefreshMe();
  const form = useForm({ resolver: zodResolver(changeEmailSchema), defaultValues: { email: current, password: '' } });
  const { register, handleSubmit, formState, setError, resetField } = form;
  const onSubmit = handleSubmit(async (v) => {
    if (current && !v.password) return setError('password', { message: '请输入当前密码' });
    try {
      await call(api, '/api/eosoperator/updateEmail', current ? v : { email: v.email }, INLINE);
      resetField('password');
      await refresh();
      saved('邮箱已更新');
    } catch (e) {
      setError('root', { message: fail(e) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className={card}>
      <h3 className="mb-3 font-semibold">修改邮箱</h3>
      <Field
        id="acc-email"
        label="邮箱"
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      {current && (
        <Field
          id="acc-email-password"
          label="当前密码"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
      )}
      <FormError message={formState.errors.root?.message} />
      <button type="submit" disabled={formState.isSubmitting} className={`${submit} mt-2`}>
        保存邮箱
      </button>
    </form>
  );
}
