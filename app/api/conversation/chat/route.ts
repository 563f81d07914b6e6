/** The assistant's streamed answer (lib/server/http/streaming.ts handleChat). */
import { handleChat } from '@/lib/server/http/streaming';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = handleChat;
export const GET = handleChat;
