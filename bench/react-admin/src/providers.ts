import type { AuthProvider, DataProvider } from 'react-admin';

/** Where react-admin keeps the console API's bearer token. */
export const tokenKey = 'react_admin_token';

const notSupported = () => Promise.reject(new Error('The benchmark only lists'));

async function request(path: string, init: RequestInit = {}) {
  const token = localStorage.getItem(tokenKey);
  const response = await fetch(`/api/${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  if (!response.ok) throw Object.assign(new Error(response.statusText), { status: response.status });
  return response.status === 204 ? null : response.json();
}

/** The console's API: `GET /api/{resource}?page&pageSize&sortBy&sortOrder` answers `{items, total}`. */
export const dataProvider: DataProvider = {
  getList: async (resource, { pagination, sort }) => {
    const params = new URLSearchParams({
      page: String(pagination?.page ?? 1),
      pageSize: String(pagination?.perPage ?? 10),
      ...(sort?.field ? { sortBy: sort.field, sortOrder: sort.order === 'DESC' ? 'desc' : 'asc' } : {}),
    });
    const { items, total } = await request(`${resource}?${params}`);
    return { data: items, total };
  },
  getOne: async (resource, { id }) => ({ data: await request(`${resource}/${encodeURIComponent(String(id))}`) }),
  getMany: notSupported,
  getManyReference: notSupported,
  create: notSupported,
  update: notSupported,
  updateMany: notSupported,
  delete: notSupported,
  deleteMany: notSupported,
};

/** The console's sign-in (`POST /api/auth/login`) and its bearer token. */
export const authProvider: AuthProvider = {
  login: async ({ username, password }) => {
    const { token } = await request('auth/login', { method: 'POST', body: JSON.stringify({ email: username, password }) });
    localStorage.setItem(tokenKey, token);
  },
  logout: async () => localStorage.removeItem(tokenKey),
  checkAuth: async () => {
    if (!localStorage.getItem(tokenKey)) throw new Error('Not signed in');
  },
  checkError: async (error: { status?: number }) => {
    if (error.status === 401 || error.status === 403) {
      localStorage.removeItem(tokenKey);
      throw error;
    }
  },
  getPermissions: async () => undefined,
};
