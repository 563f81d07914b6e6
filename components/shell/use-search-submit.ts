'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { searchKeywordError } from '@/lib/validation/search-rule';
import { toast } from '@/components/ui/Toaster';
import { startNavigation } from '@/lib/ui/nav-pending';
import { hrefOf } from '@/lib/links';

/**
 * A search form's keyword and submit (SPEC 5): an empty or over-long keyword is refused in place, with the message
 * beside the box and as a toast; a valid one goes to /search/index (on the given tab) with the navigation bar.
 */
export function useSearchSubmit(initialKey = '', tab?: string) {
  const router = useRouter();
  const [key, setKey] = useState(initialKey);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const msg = searchKeywordError(key);
    if (msg) {
      setError(msg);
      toast('warning', msg);
      return;
    }
    setError(null);
    const href = hrefOf('/search/index', { key: key.trim(), tab });
    startNavigation(href);
    router.push(href);
  };
  const change = (value: string) => {
    setKey(value);
    if (error) setError(null);
  };
  return { key, error, change, submit };
}
