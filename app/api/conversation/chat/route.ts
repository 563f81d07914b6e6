/** The assistant's streamed answer (lib/server/stream-http.ts handleChat). */
import { handleChat } from '@/lib/server/stream-http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = handleChat;
export const GET = handleChat;
