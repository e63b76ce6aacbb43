/**
 * The help centre's first articles (demo mode, once, when there is none): how this back office is
 * used, written for its operators. Stored through the same content policy a save applies.
 */
import { count } from 'drizzle-orm';
import { CONTENT_STATUS } from '../../src/features/content/resources';
import { sanitizeContentHtml } from '../security/sanitize-html';
import type { AppContext } from '../context';
import { helpArticles } from '../db/schema';

const SEEDER = 'system';

interface ArticleSeed {
  id: string;
  title: string;
  category: string;
  summary: string;
  keywords: string;
  sortOrder: number;
  content: string;
  status?: string;
}

export const HELP_DEMO_ARTICLES: readonly ArticleSeed[] = [
  {
    id: 'help-getting-started',
    title: '第一次登录：修改初始密码与认识工作台',
    category: 'GETTING_STARTED',
    summary: '首次登录必须修改初始密码；登录后从左侧菜单进入各业务模块，右上角头像菜单可修改密码、打开帮助中心或退出。',
    keywords: '登录 初始密码 菜单 头像',
    sortOrder: 10,
    content: `<h3>首次登录</h3>
<p>管理员为您开通账号后，第一次登录会弹出<strong>修改初始密码</strong>窗口，修改之前不能使用其他功能。新密码须为 8 至 20 位，同时包含大写字母、小写字母、数字和特殊字符，且不能与旧密码相同。修改成功后请使用新密码重新登录。</p>
<h3>工作台</h3>
<ul>
<li><strong>左侧菜单</strong>：只显示您有权限的页面；顶部搜索框可按名称查找菜单。</li>
<li><strong>标签栏</strong>：打开过的页面会留在标签栏，右键可刷新、关闭当前、关闭其他或关闭所有。</li>
<li><strong>头像菜单</strong>：修改密码、打开帮助中心、退出登录。</li>
</ul>
<p>如果打开某个页面提示“您暂无权限操作此页面！”，说明您的角色没有该权限，请联系系统管理员开通。</p>`,
  },
  {
    id: 'help-approvals',
    title: '审批是怎样进行的：提交、复核与生效',
    category: 'APPROVAL',
    summary: '产品、协议、额度、企业变更等修改都要经过审批：经办人提交，主管复核，审批通过后才生效。',
    keywords: '审批 待办 经办 主管 驳回 四眼原则',
    sortOrder: 10,
    content: `<h3>谁做什么</h3>
<p>审批流程默认两步：<strong>经办人</strong>（经办岗）填写并提交，<strong>主管</strong>（复核岗）审批通过或驳回。部分流程有更多环节，例如实名认证有初审和复审，企业更名需要两位不同的主管复核。</p>
<h3>修改何时生效</h3>
<p>提交只是发起申请：记录本身保持原样，列表中显示“审批中”，同一条记录在审批结束前不能再次提交修改。<strong>只有最后一步审批通过后，修改才会生效</strong>；驳回后记录保持原样。</p>
<h3>在哪里处理</h3>
<ol>
<li>打开 <strong>任务中心 → 待办任务</strong>，这里只列出您现在可以办理的任务。</li>
<li>点击“办理”查看申请内容：当前值与拟修改的值并排显示，变化处高亮。</li>
<li>选择通过或驳回；驳回必须填写意见，申请会退回给发起人。</li>
</ol>
<h3>为什么有的任务我不能办理</h3>
<p>系统执行<strong>四眼原则</strong>：自己提交的申请不能自己审批；同一申请的两个复核环节必须由不同的人完成。这类任务不会出现在您的待办中，在任务详情里也会说明原因。</p>`,
  },
  {
    id: 'help-sms-sign',
    title: '短信验证码签署：什么时候需要、怎么操作',
    category: 'SIGNING',
    summary: '实名认证初审、白条签发的终审等环节通过前须用短信验证码签署；验证码 5 分钟内有效，60 秒后可重发。',
    keywords: '短信 验证码 签署 签名',
    sortOrder: 10,
    content: `<h3>哪些环节需要签署</h3>
<p>对外产生法律效力的环节在点击“通过”时会弹出<strong>签署确认</strong>窗口，例如实名认证的初审、白条签发的终审。若您当前所属主体未开通短信签署，则无需输入验证码，直接完成。</p>
<h3>操作步骤</h3>
<ol>
<li>点击“通过”，窗口打开时验证码即发送到您登记的手机号。</li>
<li>输入收到的 6 位验证码，点击确定。</li>
<li>没有收到？60 秒倒计时结束后可以重新发送。</li>
</ol>
<h3>注意</h3>
<ul>
<li>验证码 <strong>5 分钟</strong>内有效，只能使用一次。</li>
<li>连续输错 5 次后该验证码失效，请重新获取。</li>
<li>关闭窗口视为取消签署，任务不会被通过。</li>
</ul>`,
  },
  {
    id: 'help-quota-dispatch',
    title: '额度下发：从集团到项目部',
    category: 'QUOTA',
    summary: '资金方授予集团的额度可以逐级下发给分公司和项目部；每次下发都要审批，通过后台账和流水才变化。',
    keywords: '额度 下发 台账 流水 冻结',
    sortOrder: 10,
    content: `<h3>额度台账</h3>
<p><strong>额度管理 → 额度台账</strong>列出每个授信方给每个单位的额度：总额度、已下发、已占用、冻结和可用额度。可用额度 = 总额度 − 已下发 − 已占用 − 冻结，不会小于零。</p>
<h3>下发额度</h3>
<ol>
<li>在台账中找到上级单位的额度，点击“下发”。</li>
<li>选择集团树中的下级单位，填写下发金额（不超过可用额度，最多两位小数）。</li>
<li>提交后进入审批，主管在待办任务中复核。</li>
<li>审批通过后，上级的“已下发”增加，下级获得同额的额度，两边各记一条流水。</li>
</ol>
<h3>调整与重新下发</h3>
<p>额度申请和调整同样需要审批。已下发给下级且下级尚未使用的额度，可以通过“重新下发”调回或改下给其他单位。每一笔变化都记在<strong>额度流水</strong>中，可按时间和类型查询与导出。</p>`,
  },
  {
    id: 'help-corporation-call',
    title: '给企业联系人打电话：外呼与通话记录',
    category: 'CORPORATION',
    summary: '在企业详情的联系人手机号旁点击“呼叫”即可外呼；通话结束后填写话后小结，通话记录保存在企业名下。',
    keywords: '外呼 电话 呼叫 通话记录 热线',
    sortOrder: 20,
    content: `<h3>什么时候能看到呼叫按钮</h3>
<p>企业详情“基本信息”中联系人手机号旁的<strong>呼叫</strong>按钮，只有同时满足以下条件时才会出现：</p>
<ul>
<li>您有外呼权限；</li>
<li>呼叫中心连接正常；</li>
<li>您当前没有进行中的通话（空闲）；</li>
<li>您在敏感信息白名单中（外呼会使用完整号码）。</li>
</ul>
<h3>一次通话的过程</h3>
<ol>
<li><strong>呼叫中</strong>：点击呼叫后系统拨号，可随时挂断取消。</li>
<li><strong>通话中</strong>：对方接听后计时，通话结束点击挂断。</li>
<li><strong>话后处理</strong>：填写小结（最多 500 字）并完成，回到空闲状态。</li>
</ol>
<p>对方忙线或无人接听时直接进入话后处理，并显示原因。每次通话都记入该企业的<strong>通话记录</strong>页签，也可在 <strong>企业集团 → 通话记录</strong>中查询。</p>`,
  },
  {
    id: 'help-sensitive-data',
    title: '为什么手机号、身份证号显示为星号',
    category: 'FAQ',
    summary: '手机号、身份证号、银行卡号默认脱敏显示；只有敏感信息白名单中的人员能查看完整内容，每次查看都会记录。',
    keywords: '脱敏 星号 白名单 敏感信息',
    sortOrder: 10,
    content: `<p>为保护客户信息，手机号、身份证号和银行卡号在页面上默认<strong>脱敏</strong>显示：8 位及以下显示首尾各一位，更长的显示前四位和后四位，中间为 ****。</p>
<p>只有在<strong>敏感信息白名单</strong>中的人员可以查看完整内容，每次查看都会记入操作日志。编辑表单时，保持星号不动即表示不修改该字段。</p>
<p>如工作需要查看完整信息，请向系统管理员申请加入白名单。</p>`,
  },
  {
    id: 'help-export',
    title: '导出列表与下载导出文件',
    category: 'FAQ',
    summary: '列表页的“导出”按当前筛选条件生成 Excel 文件，在“我的导出”中查看进度并下载。',
    keywords: '导出 Excel 下载',
    sortOrder: 20,
    content: `<p>在有导出权限的列表页，先设置好搜索条件，再点击<strong>导出</strong>。导出在后台进行，完成后可在导航栏的导出标记或 <strong>我的导出</strong> 页面下载文件。</p>
<p>一次导出最多 10 万行，超过时请缩小筛选范围。下载链接一分钟内有效，过期后在“我的导出”中重新点击下载即可。</p>`,
  },
];

export async function seedHelpDemo(ctx: AppContext): Promise<void> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(helpArticles);
  if (n > 0) return;
  const time = new Date(ctx.now());
  await ctx.db.insert(helpArticles).values(
    HELP_DEMO_ARTICLES.map((a) => ({
      id: a.id,
      title: a.title,
      category: a.category,
      summary: a.summary,
      keywords: a.keywords,
      sortOrder: a.sortOrder,
      content: sanitizeContentHtml(a.content),
      status: a.status ?? CONTENT_STATUS.published,
      publishTime: time,
      createBy: SEEDER,
      updateBy: SEEDER,
    })),
  );
}
