#!/usr/bin/env node
// Generates a 1,000-ticket admission ticket PDF (two tickets per A4 page, each with a distinct photo and a QR code)
// through the server's PDF module and prints the time and the size. A measurement, not a test: exits 0 whatever the figures.
//
//   npm run build -w @zhaokao/server && node bench/ticket-pdf.mjs [--tickets 1000] [--out bench/out/tickets.pdf]
//   node bench/ticket-pdf.mjs --smoke    (6 tickets, written to a temporary file and removed)
//
// Photos are synthetic PNGs of 150 × 210 pixels (an ID photo at about 150 dpi), a gradient with a little noise
// so that each compresses like a real one; they are made before the clock starts. The QR codes (qrcode, drawn as vectors)
// and the font subset (Noto Sans SC, shipped in apps/server/assets/fonts) are made inside the timed part, as the
// server's print job makes them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { deflateSync } from 'node:zlib';
import { bench, mb, option, printEnvironment, ROOT, serverModule, SMOKE, textOption } from './harness.mjs';
import { PNG_SIGNATURE, pngChunk } from './png.mjs';

const TICKETS = Math.max(1, Math.min(option('tickets', 1000, 6), 20_000));
const out = path.resolve(ROOT, textOption('out') || (SMOKE ? path.join(os.tmpdir(), `zk-smoke-tickets-${process.pid}.pdf`) : 'bench/out/tickets.pdf'));

/** A minimal PNG (8-bit RGB) from raw pixel rows. */
function png(width, height, pixel) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) pixel(x, y, raw, row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

function photo(n) {
  let seed = n * 2654435761;
  const noise = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 30);
  const hue = (n * 37) % 160;
  return png(150, 210, (x, y, raw, at) => {
    const face = (x - 75) ** 2 / 45 ** 2 + (y - 90) ** 2 / 58 ** 2 < 1;
    const r = face ? 225 : 60 + hue;
    const g = face ? 190 : 110 + (y >> 2);
    const b = face ? 170 : 200 - (x >> 2);
    raw[at] = r + noise();
    raw[at + 1] = g + noise();
    raw[at + 2] = b + noise();
  });
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国志红玉梅晓东海燕鹏飞宇浩然子涵欣怡梓萱思远雨桐';
const POSTS = ['综合管理岗', '财务会计岗', '文字综合岗', '信息技术岗', '法务岗', '人力资源岗', '审计岗', '档案管理岗'];

await bench(async (defer) => {
  const { TicketWriter, examPeriod } = await serverModule('features/exam/tickets/pdf.js');
  const { createPdf } = await serverModule('shared/pdf.js');

  const photoStart = performance.now();
  const photos = Array.from({ length: TICKETS }, (_, i) => photo(i + 1));
  const photoBytes = photos.reduce((sum, p) => sum + p.length, 0);
  const photoMs = performance.now() - photoStart;

  const header = {
    planName: '2026年湘江人力资源服务集团公开招聘',
    stageName: '笔试',
    subject: '综合基础知识',
    examTime: examPeriod('2026-12-20 09:00', '11:30'),
    examAddress: '长沙市岳麓区麓山南路 932 号 第一教学楼',
    notes:
      '1. 考生须凭本准考证和有效居民身份证原件，于开考前 30 分钟进入考场，开考 30 分钟后不得入场。\n' +
      '2. 严禁携带手机、智能手表等通讯工具进入考场，已携带的须关机后放在指定位置。\n' +
      '3. 考试结束前 30 分钟内不得交卷离场。\n4. 请扫描右侧二维码核验准考证真伪。',
  };

  const started = performance.now();
  const pdf = createPdf(`${header.planName} 笔试准考证`);
  const writer = new TicketWriter(pdf.doc, header);
  for (let i = 0; i < TICKETS; i++) {
    const room = Math.floor(i / 30) + 1;
    const seat = (i % 30) + 1;
    const name = SURNAMES[i % SURNAMES.length] + GIVEN[(i * 7) % GIVEN.length] + (i % 3 === 0 ? GIVEN[(i * 13) % GIVEN.length] : '');
    writer.add({
      realName: name,
      sex: i % 2 ? '男' : '女',
      identityNo: `430104199${i % 10}0${(i % 9) + 1}1${String(i % 1000).padStart(3, '0')}X`,
      jobVacancy: POSTS[i % POSTS.length],
      ticketCode: `2026001${2}${String(room).padStart(3, '0')}${String(seat).padStart(2, '0')}`,
      roomName: `第${room}考场`,
      seat,
      photo: photos[i],
      verifyUrl: `https://zhaokao.example.cn/ticketVerify?token=${Buffer.from(`bench-ticket-${i}-token!!`).toString('base64url').slice(0, 24)}`,
    });
  }
  const bytes = await pdf.finish();
  const ms = performance.now() - started;
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, bytes);
  if (SMOKE) defer(() => rm(out, { force: true }));

  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the writer did not answer a PDF');
  printEnvironment(`admission tickets PDF through the server's PDF module (${TICKETS} tickets)`);
  console.log(`photos: ${TICKETS} PNG of 150×210, ${mb(photoBytes)} in all (made in ${photoMs.toFixed(0)} ms, not timed)`);
  console.log(`tickets PDF: ${TICKETS} tickets, ${Math.ceil(TICKETS / 2)} pages, ${(ms / 1000).toFixed(2)} s, ${mb(bytes.length)} (${bytes.length} bytes)`);
  console.log(`peak RSS ${mb(process.memoryUsage().rss)}; written to ${path.relative(ROOT, out)}`);
});
