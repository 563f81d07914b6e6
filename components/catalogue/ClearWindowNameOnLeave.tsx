'use client';

import { useEffect } from 'react';
import { clearWindowNameOnLeave } from '@/lib/ui/named-window';

/** SPEC 2.1: leaving the course detail route (pagehide, or a client navigation away) clears the window name. */
export function ClearWindowNameOnLeave() {
  useEffect(() => clearWindowNameOnLeave(window), []);
  return null;
}
