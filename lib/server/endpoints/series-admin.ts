/**
 * 系列专题管理 (issue 25; SPEC 7 series items, add, update, delete, publish status). Each checks in its service that
 * the caller made the series or holds "series-manage" over its unit (services/management/series-admin.ts).
 */
import type { SeriesAdminContract } from '@/lib/contract/endpoints';
import {
  seriesAddSchema,
  seriesCourseOptionsSchema,
  seriesIdSchema,
  seriesItemSchema,
  seriesItemsSchema,
  seriesManageListSchema,
  seriesOrderSchema,
  seriesPublishSchema,
  seriesUpdateSchema,
} from '@/lib/validation/series-admin';
import { contractTable, endpoint } from './endpoint';
import { str } from '../services/management/audited-calls';
import * as admin from '../services/management/series-admin';

export const SERIES_ENDPOINTS = contractTable<keyof SeriesAdminContract>({
  '/api/recommendseries/manageList': endpoint(
    seriesManageListSchema,
    { auth: 'user', power: 'series-manage' },
    (b, ctx) => admin.manageList(ctx.user, b),
  ),
  '/api/recommendseries/manageDetail': endpoint(seriesIdSchema, { auth: 'user', power: 'series-manage' }, (b, ctx) =>
    admin.manageDetail(ctx.user, b.id),
  ),
  '/api/recommendseries/add': endpoint(seriesAddSchema, { auth: 'user', power: 'series-manage' }, (b, ctx) =>
    admin.addSeries(ctx.user, b),
  ),
  '/api/recommendseries/update': endpoint(seriesUpdateSchema, { auth: 'user', power: 'series-manage' }, (b, ctx) =>
    admin.updateSeries(ctx.user, b),
  ),
  '/api/recommendseries/delete': endpoint(
    seriesIdSchema,
    { auth: 'user', power: 'series-manage', audit: { action: 'series-delete', target: (i) => `series:${str(i.id)}` } },
    (b, ctx) => admin.deleteSeries(ctx.user, b.id),
  ),
  '/api/recommendseries/publishStatus': endpoint(
    seriesPublishSchema,
    {
      auth: 'user',
      power: 'series-manage',
      audit: {
        action: 'series-publish',
        target: (i) => `series:${str(i.id)}`,
        detail: (i) => (i.published ? 'publish' : 'unpublish'),
      },
    },
    (b, ctx) => admin.setPublishStatus(ctx.user, b),
  ),
  '/api/recommendseries/items': endpoint(seriesItemsSchema, { auth: 'user', power: 'series-manage' }, (b, ctx) =>
    admin.seriesItems(ctx.user, b.seriesId),
  ),
  '/api/recommendseries/itemAdd': endpoint(seriesItemSchema, { auth: 'user', power: 'series-manage' }, (b, ctx) =>
    admin.addItem(ctx.user, b),
  ),
  '/api/recommendseries/itemRemove': endpoint(seriesItemSchema, { auth: 'user', power: 'series-manage' }, (b, ctx) =>
    admin.removeItem(ctx.user, b),
  ),
  '/api/recommendseries/itemOrder': endpoint(seriesOrderSchema, { auth: 'user', power: 'series-manage' }, (b, ctx) =>
    admin.orderItems(ctx.user, b),
  ),
  '/api/recommendseries/courseOptions': endpoint(
    seriesCourseOptionsSchema,
    { auth: 'user', power: 'series-manage' },
    (b, ctx) => admin.courseOptions(ctx.user, b),
  ),
});
