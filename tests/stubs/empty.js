// Jest stand-in for the 'server-only' guard (tests run outside React Server Components).
