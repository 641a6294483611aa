import { loginBodySchema } from '@pluk/contract';
import { zodValidate } from '../../../lib/form';
import type { LoginInput } from '../api/login';

/** The contract's login rules; imported on the first submit so zod is not part of /login's load. */
export const validateLogin = zodValidate<LoginInput>(loginBodySchema);
