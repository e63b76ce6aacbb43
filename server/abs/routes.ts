/** The securitisation area's calls: asset packages, their issue nodes, and central-registry registrations. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { absIssueNodeRoutes } from './issue-nodes';
import { absPackageRoutes } from './packages';
import { zdRegistrationRoutes } from './registrations';

export function absRoutes(api: FastifyInstance, ctx: AppContext): void {
  absPackageRoutes(api, ctx);
  absIssueNodeRoutes(api, ctx);
  zdRegistrationRoutes(api, ctx);
}
