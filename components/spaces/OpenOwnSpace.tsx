'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { spaceHref } from '@/lib/spaces/links';
import { openLogin } from '@/lib/ui/events';
import { useLoggedIn } from '@/lib/session/client';

/** SPEC 6: a user with a tchrId opens a teacher space, others a student space. */
export function OpenOwnSpace() {
  const loggedIn = useLoggedIn();
  const router = useRouter();
  const mine = useQuery({ ...apiQuery('/api/space/mine'), enabled: loggedIn });
  useEffect(() => {
    if (mine.data) router.replace(spaceHref(mine.data.kind, mine.data.id));
  }, [mine.data, router]);
  if (loggedIn) return <p aria-busy="true">正在打开您的空间…</p>;
  return (
    <p className="text-gray-700">
      请选择要访问的空间，或
      <button type="button" className="mx-1 text-brand-700 underline" onClick={() => openLogin(1)}>
        登录
      </button>
      后进入自己的空间。
    </p>
  );
}
