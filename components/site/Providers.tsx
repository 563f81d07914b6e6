'use client';

import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { makeQueryClient } from '@/lib/api/query';
import { Toaster } from '@/components/ui/Toaster';
import type { Site } from '@/lib/variants';
import { SiteProvider } from './SiteContext';

export function Providers({ site, children }: { site: Site; children: React.ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <SiteProvider site={site}>
      <QueryClientProvider client={client}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </SiteProvider>
  );
}
