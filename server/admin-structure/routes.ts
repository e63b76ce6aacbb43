/** System administration's structure (issue 20): menus and their buttons, organisations, positions, the permission matrix. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { menuRoutes } from './menus';
import { orgRoutes } from './orgs';
import { permissionMatrixRoutes } from './permission-matrix';
import { positionRoutes } from './positions';

export function adminStructureRoutes(api: FastifyInstance, ctx: AppContext): void {
  menuRoutes(api, ctx);
  orgRoutes(api, ctx);
  positionRoutes(api, ctx);
  permissionMatrixRoutes(api, ctx);
}
