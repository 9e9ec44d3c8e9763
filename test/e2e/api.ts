import { expect } from 'vitest';
import { apiURL } from './browser';

export interface Account {
  email: string;
  password: string;
}

/** A small API client for e2e set-up and checks: what the test knows, it learns from the real server. */
export async function apiSession(account: Account) {
  const login = await fetch(`${apiURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(login.status).toBe(200);
  const session = (await login.json()) as {
    token: string;
    user: { id: string; name: string; scope: string; tenantId: string | null; companyId: string | null };
    tenant: { id: string; name: string } | null;
    company: { id: string; name: string } | null;
  };
  async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const reply = await fetch(`${apiURL}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${session.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await reply.text();
    return { status: reply.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
  return { session, call };
}

export interface Page<T> {
  items: T[];
  total: number;
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
