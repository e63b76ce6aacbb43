/**
 * Demo document reviews: one application per document-review process (and a second credit-note one),
 * each with its materials, real files (generated at seeding: a PNG scan, a PDF contract) and a
 * running approval started by op_handler, waiting at the AUDIT step.
 */
import type { DataPermissionComponent } from '../../../src/features/doc-review/rules';

export interface DocFileSeed {
  id: string;
  /** The stored file's id. */
  fileId: string;
  fileName: string;
  /** What the file is generated as. */
  kind: 'png' | 'pdf';
  /** The text the generated file shows. */
  caption: string;
  extraId: string;
}

export interface DocReviewSeed {
  businessKey: string;
  processKey: string;
  businessType: string;
  summary: string;
  materials: ReadonlyArray<{ id: string; docFileType: string; files: readonly DocFileSeed[] }>;
  dataPermission: readonly DataPermissionComponent[];
}

export const DOC_REVIEW_STARTER = 'op_handler';

export const DOC_REVIEW_SEEDS: readonly DocReviewSeed[] = [
  {
    businessKey: 'DOC-CREDIT-2026-001',
    processKey: 'PROCESS_CREDIT_CERTIFICATE_CODE',
    businessType: 'CREDIT_NOTE',
    summary: '信用凭证资料审核：华东运营分公司 2026-001',
    materials: [
      {
        id: 'dm-credit-001-contract',
        docFileType: 'BUSI_CONTRACT',
        files: [
          {
            id: 'df-credit-001-contract',
            fileId: 'f-doc-credit-001-contract',
            fileName: '商务合同-2026-001.pdf',
            kind: 'pdf',
            caption: 'Purchase contract 2026-001',
            extraId: 'EXT-CT-2026-001',
          },
        ],
      },
      {
        id: 'dm-credit-001-invoice',
        docFileType: 'INVOICE',
        files: [
          {
            id: 'df-credit-001-invoice-1',
            fileId: 'f-doc-credit-001-invoice-1',
            fileName: '发票-0001.png',
            kind: 'png',
            caption: 'INVOICE 0001',
            extraId: 'EXT-IV-0001',
          },
          {
            id: 'df-credit-001-invoice-2',
            fileId: 'f-doc-credit-001-invoice-2',
            fileName: '发票-0002.png',
            kind: 'png',
            caption: 'INVOICE 0002',
            extraId: 'EXT-IV-0002',
          },
        ],
      },
    ],
    dataPermission: [
      { busiKey: 'CREDIT-2026-001', componentName: '信用凭证开立信息' },
      { busiKey: 'CORP-EAST', componentName: '开立企业基本信息' },
    ],
  },
  {
    businessKey: 'DOC-ABS-2026-001',
    processKey: 'Process_ABS_CERTIFICATE_CODE',
    businessType: 'ABS',
    summary: '资产证券化资料服务：2026 年第一期资产包',
    materials: [
      {
        id: 'dm-abs-001-basic',
        docFileType: 'BASIC_INFO',
        files: [
          {
            id: 'df-abs-001-basic',
            fileId: 'f-doc-abs-001-basic',
            fileName: '基础资料-营业执照.png',
            kind: 'png',
            caption: 'BUSINESS LICENCE',
            extraId: 'EXT-BL-0001',
          },
        ],
      },
      {
        id: 'dm-abs-001-contract',
        docFileType: 'BUSI_CONTRACT',
        files: [
          {
            id: 'df-abs-001-contract',
            fileId: 'f-doc-abs-001-contract',
            fileName: '应收账款转让合同.pdf',
            kind: 'pdf',
            caption: 'Receivables transfer agreement',
            extraId: 'EXT-CT-ABS-01',
          },
        ],
      },
    ],
    dataPermission: [{ busiKey: 'ABS-PKG-2026-01', componentName: '资产包明细' }],
  },
  {
    businessKey: 'DOC-CREDIT-2026-002',
    processKey: 'PROCESS_CREDIT_CERTIFICATE_CODE',
    businessType: 'CREDIT_NOTE',
    summary: '信用凭证资料审核：华南运营分公司 2026-002',
    materials: [
      {
        id: 'dm-credit-002-other',
        docFileType: 'OTHER',
        files: [
          {
            id: 'df-credit-002-other',
            fileId: 'f-doc-credit-002-other',
            fileName: '其他资料-说明函.pdf',
            kind: 'pdf',
            caption: 'Explanatory letter 2026-002',
            extraId: 'EXT-OT-0002',
          },
        ],
      },
    ],
    dataPermission: [],
  },
];
