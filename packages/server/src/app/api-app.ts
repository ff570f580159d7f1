import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './app-env.ts';

/** The API application every route module registers on. */
export type ApiApp = OpenAPIHono<AppEnv>;
