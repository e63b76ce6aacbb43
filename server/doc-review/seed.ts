/**
 * Seeds the demo document reviews (server/db/seed-data/doc-reviews.ts) once, when no material exists
 * and the demo starter (op_handler) does: its files go through the file store, then the materials,
 * properties and the running approvals (started through the engine) in one transaction. Files
 * already stored under their seed ids are kept, so a start interrupted between the two redoes only
 * what is missing.
 */
import { demoActorOf } from '../demo-actor';
import { count } from 'drizzle-orm';
import { DOC_PROPERTY_TYPE } from '../../src/features/doc-review/rules';
import type { AppContext } from '../context';
import { docFiles, docMaterials, docProperties } from '../db/schema';
import { DOC_REVIEW_SEEDS, DOC_REVIEW_STARTER, type DocFileSeed } from '../db/seed-data/doc-reviews';
import { sniffAllowedType } from '../files/sniff';
import { demoPdf, demoPng } from './demo-files';
import { ownDocReview } from './routes';

async function storeFile(ctx: AppContext, file: DocFileSeed, uploaderId: string): Promise<void> {
  if (await ctx.files.find(file.fileId)) return;
  const content = file.kind === 'png' ? await demoPng(file.caption) : demoPdf(file.caption);
  const type = sniffAllowedType(content, file.fileName);
  if (!type) throw new Error(`demo file ${file.fileName} is not what its name says`);
  await ctx.files.save({ id: file.fileId, content, originalName: file.fileName, mimeType: type.mimeType, uploaderId });
}

export async function seedDocReviews(ctx: AppContext): Promise<boolean> {
  const [{ materials }] = await ctx.db.select({ materials: count() }).from(docMaterials);
  if (materials > 0) return false;
  const starter = await demoActorOf(ctx, DOC_REVIEW_STARTER);
  if (!starter) return false;

  for (const review of DOC_REVIEW_SEEDS) {
    for (const material of review.materials) for (const file of material.files) await storeFile(ctx, file, starter.userId);
  }

  await ctx.db.transaction(async (tx) => {
    for (const review of DOC_REVIEW_SEEDS) {
      const by = { createBy: starter.username, updateBy: starter.username };
      await tx
        .insert(docMaterials)
        .values(review.materials.map((m, i) => ({ id: m.id, businessKey: review.businessKey, docFileType: m.docFileType, sortOrder: i, ...by })));
      await tx.insert(docFiles).values(
        review.materials.flatMap((m) =>
          m.files.map((f, i) => ({
            id: f.id,
            docMaterialId: m.id,
            fileId: f.fileId,
            fileName: f.fileName,
            extraParams: { id: f.extraId },
            sortOrder: i,
            ...by,
          })),
        ),
      );
      if (review.dataPermission.length > 0) {
        await tx
          .insert(docProperties)
          .values({ businessKey: review.businessKey, propertyType: DOC_PROPERTY_TYPE.DATA_PERMISSION, components: [...review.dataPermission], ...by });
      }
      await ownDocReview(ctx, review.processKey).start(
        starter,
        { businessKey: review.businessKey, businessType: review.businessType, summary: review.summary },
        tx,
      );
    }
  });
  return true;
}
