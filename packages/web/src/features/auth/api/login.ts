import { useMutation } from '@tanstack/react-query';
import { authRoutes, type TokenData } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { useAppStore } from '../../../lib/store';

export interface LoginInput {
  /** Username or e-mail address. */
  username: string;
  password: string;
}

export function login(input: LoginInput): Promise<TokenData> {
  return apiRequest(authRoutes.login, { body: input });
}

/** Signs in and keeps the token data in the store (loggedIn true). */
export function useLogin() {
  const setTokens = useAppStore((state) => state.setTokens);
  return useMutation({
    mutationFn: login,
    onSuccess: (tokens) => setTokens(tokens),
  });
}
