/** The one stylesheet of every checkout page, served at /check-out/assets/checkout.css. */
export const checkoutCss = `
*{box-sizing:border-box}
:root{color-scheme:light;--ink:#16202e;--muted:#5b6776;--line:#dfe4ec;--bg:#f2f4f8;--card:#fff;--brand:#1456d9;--brand-ink:#0d3b96;
--ok:#147a4a;--bad:#b42318;--warn-bg:#fff7e0;--warn-line:#e7a300;--warn-ink:#6b5514;--radius:14px;--soft:#f6f8fb;--tint:#eef4ff;
--tint-ink:#0d3b96;--field:#fff;--field-line:#c9d1dd;--bad-bg:#fdecea;--bad-ink:#7a1a12;--bad-line:#f5c2bc}
@media (prefers-color-scheme:dark){:root{color-scheme:dark;--ink:#e6eaf0;--muted:#a3adbb;--line:#2e3744;--bg:#10151c;--card:#18202a;
--brand:#5b9bff;--brand-ink:#8fb8ff;--ok:#3fb37a;--bad:#f07167;--warn-bg:#2b2410;--warn-line:#b98a10;--warn-ink:#e8d49a;--soft:#1e2733;
--tint:#1c2a40;--tint-ink:#a9c8ff;--field:#0f151d;--field-line:#3a4554;--bad-bg:#3a1b18;--bad-ink:#ffb4ab;--bad-line:#6b2a24}}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);
background:var(--bg)}
a{color:var(--brand)}
.ribbon{background:#22262e;color:#ffd466;text-align:center;font-size:12px;letter-spacing:.02em;padding:5px 12px}
.topbar{background:var(--card);border-bottom:1px solid var(--line)}
.top-right{display:flex;align-items:center;gap:14px}
.langs{display:flex;gap:2px;font-size:13px}
.langs a{padding:4px 8px;border-radius:6px;text-decoration:none;color:var(--muted);font-weight:600}
.langs a[aria-current]{background:var(--tint);color:var(--tint-ink)}
.topbar-in{max-width:1040px;margin:0 auto;padding:12px 20px;display:flex;align-items:center;justify-content:space-between;gap:12px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:17px}
.logo{width:30px;height:30px;border-radius:8px;background:linear-gradient(135deg,#1456d9,#3a8bff);color:#fff;display:grid;
place-items:center;font-weight:800}
.secure{display:flex;align-items:center;gap:6px;color:var(--muted);font-size:13px}
.secure svg{width:14px;height:14px}
.wrap{max-width:1040px;margin:24px auto;padding:0 20px;display:grid;grid-template-columns:minmax(0,1fr) 340px;gap:24px;align-items:start}
.side{display:grid;gap:20px}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);box-shadow:0 1px 2px rgba(16,24,40,.05);padding:24px}
.main h1{font-size:22px;margin:0 0 4px}
.main .lead{color:var(--muted);margin:0 0 20px}
h2{font-size:16px;margin:20px 0 10px}
.summary .merchant{font-weight:600;margin:0 0 14px;display:flex;align-items:center;gap:10px}
.summary .initial{width:36px;height:36px;border-radius:50%;background:var(--tint);color:var(--tint-ink);display:grid;place-items:center;
font-weight:700;flex:none}
.summary .label{color:var(--muted);font-size:13px;margin:0}
.summary .amount{font-size:30px;font-weight:750;margin:2px 0 14px;letter-spacing:-.01em;word-break:break-word}
.kv{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0;font-size:14px}
.kv dt{color:var(--muted)}
.kv dd{margin:0;text-align:right;word-break:break-all;font-weight:500}
.countdown{margin-top:16px;padding:10px 12px;border-radius:10px;background:var(--tint);color:var(--tint-ink);display:flex;
justify-content:space-between;align-items:center;font-size:14px}
.countdown b{font-variant-numeric:tabular-nums;font-size:16px}
.countdown.late{background:var(--bad-bg);color:var(--bad)}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;border:0;border-radius:10px;background:#1456d9;color:#fff;
font:inherit;font-weight:600;padding:12px 18px;cursor:pointer;text-decoration:none;min-height:46px}
.btn:hover{background:#0d3b96}
.btn[disabled]{opacity:.6;cursor:default}
.btn.block{width:100%}
.btn.ghost{background:var(--card);color:var(--ink);border:1px solid var(--line)}
.btn.ghost:hover{background:var(--soft)}
.btn.danger{background:var(--card);color:var(--bad);border:1px solid var(--bad-line)}
.actions{display:flex;gap:10px;flex-wrap:wrap;margin-top:18px}
.actions form{margin:0}
.stack{display:grid;gap:14px}
label{display:block;font-weight:600;font-size:14px;margin-bottom:6px}
input[type=text],input[type=password],input[type=email],input[type=tel],select{width:100%;font:inherit;padding:11px 12px;
border:1px solid var(--field-line);border-radius:10px;background:var(--field);color:var(--ink)}
input:focus,select:focus{outline:2px solid #9cc0ff;border-color:var(--brand)}
:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
input:focus-visible,select:focus-visible{outline:2px solid var(--brand);outline-offset:0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.hint{color:var(--muted);font-size:13px;margin:6px 0 0}
.alert{border-radius:10px;padding:12px 14px;margin:0 0 18px;font-size:14px}
.alert.error{background:var(--bad-bg);color:var(--bad-ink);border:1px solid var(--bad-line)}
.alert.info{background:var(--tint);color:var(--tint-ink);border:1px solid var(--line)}
.options{display:grid;gap:10px;margin:0;padding:0;list-style:none}
.option{display:flex;align-items:center;gap:12px;width:100%;text-align:left;border:1px solid var(--line);border-radius:12px;
background:var(--card);padding:14px 16px;font:inherit;color:var(--ink);cursor:pointer;text-decoration:none}
.option:hover{border-color:var(--brand);background:var(--soft)}
.option .ico{width:38px;height:38px;border-radius:10px;background:var(--tint);display:grid;place-items:center;font-weight:700;
color:var(--tint-ink);flex:none;font-size:13px}
.option .txt{flex:1;min-width:0}
.option .txt b{display:block}
.option .txt small{color:var(--muted)}
.option.soon{cursor:default;border-style:dashed;background:var(--soft);color:var(--muted)}
.option.soon:hover{border-color:var(--line);background:var(--soft)}
.option.featured{border-color:var(--brand);box-shadow:0 0 0 3px var(--tint)}
.tabs{display:flex;gap:6px;border-bottom:1px solid var(--line);margin:0 0 20px;overflow-x:auto}
.tab{padding:10px 14px;text-decoration:none;color:var(--muted);font-weight:600;border-bottom:2px solid transparent;white-space:nowrap}
.tab.on{color:var(--brand);border-bottom-color:var(--brand)}
.steps{list-style:none;margin:0;padding:0;display:grid;gap:12px;counter-reset:s}
.steps li{display:flex;gap:12px;align-items:flex-start}
.steps li::before{counter-increment:s;content:counter(s);width:26px;height:26px;border-radius:50%;background:var(--tint);
color:var(--tint-ink);display:grid;place-items:center;font-weight:700;font-size:13px;flex:none}
.steps li>span>b:first-child{display:block}
.waiting{display:flex;align-items:center;gap:12px;background:var(--soft);border-radius:12px;padding:14px 16px;margin-top:18px;
color:var(--muted)}
.spinner{width:20px;height:20px;border-radius:50%;border:3px solid var(--line);border-top-color:var(--brand);
animation:spin 1s linear infinite;
flex:none}
@keyframes spin{to{transform:rotate(360deg)}}
.qr{display:grid;place-items:center;margin:8px 0 14px}
.qr svg{width:240px;height:240px;max-width:100%;border:1px solid var(--line);border-radius:12px;padding:8px;background:#fff}
.big-value{display:flex;align-items:center;justify-content:space-between;gap:10px;border:1px dashed #b9c6da;border-radius:12px;
padding:12px 14px;background:var(--soft);margin:6px 0 14px}
.big-value code{font:600 18px/1.3 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-all}
.copy{border:1px solid var(--line);background:var(--card);color:var(--ink);border-radius:8px;padding:6px 10px;font:inherit;
font-size:13px;cursor:pointer;flex:none}
.bankpage{border:1px solid var(--line);border-radius:12px;overflow:hidden}
.bankpage-head{background:#0b3c5d;color:#fff;padding:14px 18px;font-weight:700;display:flex;justify-content:space-between;gap:10px;
align-items:center}
.bankpage-head small{font-weight:400;opacity:.8;white-space:nowrap}
.bankpage-body{padding:18px}
.coords{display:grid;grid-template-columns:repeat(3,1fr);gap:10px}
.coords label{text-align:center}
.coords input{text-align:center}
/* The voucher stays a white slip in both themes: its barcode must scan. */
.voucher{border:1px solid var(--line);border-radius:12px;padding:18px;background:#fff;color:#16202e}
.voucher .kv dt{color:#5b6776}
.voucher .ref{font:700 22px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.06em;text-align:center;margin:10px 0 0;
word-break:break-all}
.barcode{display:block;width:100%;height:72px;margin-top:12px}
.result{text-align:center;padding:36px 24px}
.result .icon{width:64px;height:64px;border-radius:50%;display:grid;place-items:center;margin:0 auto 14px;font-size:30px;font-weight:700;
color:#fff;background:var(--muted)}
.result .icon.ok{background:#147a4a}
.result .icon.bad{background:#b42318}
.result code{word-break:break-all}
details.hint ul{margin:6px 0 0;padding-left:18px}
details.hint summary{cursor:pointer}
.result h1{margin:0 0 6px}
.result p{color:var(--muted);margin:0 auto;max-width:440px}
.panel{border:2px dashed var(--warn-line);background:var(--warn-bg);border-radius:var(--radius);padding:18px}
.panel h2{margin:0 0 2px;font-size:15px;display:flex;align-items:center;gap:8px}
.panel .tag{background:#22262e;color:#ffd466;font-size:11px;border-radius:6px;padding:2px 7px;letter-spacing:.04em}
.panel p{font-size:13px;color:var(--warn-ink);margin:4px 0 12px}
.panel .outcomes{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.panel .btn{min-height:38px;padding:8px 10px;font-size:14px}
.panel .btn.ok{background:#147a4a}
.panel .btn.bad{background:#b42318}
.panel .btn.neutral{background:#5b6776}
.panel select,.panel input{padding:8px 10px;font-size:14px}
.panel label{font-size:13px;margin:10px 0 4px}
.panel details{margin-top:8px;font-size:13px}
footer{max-width:1040px;margin:0 auto 32px;padding:0 20px;color:var(--muted);font-size:12px;text-align:center}
@media (max-width:860px){
 .wrap{grid-template-columns:minmax(0,1fr);margin:14px auto;gap:14px;padding:0 12px}
 .side{display:contents}
 .summary{order:-1}
 .card{padding:18px}
 .summary .amount{font-size:26px;margin-bottom:10px}
 .main h1{font-size:20px}
 .row{grid-template-columns:1fr}
 .row.keep{grid-template-columns:1fr 1fr}
 .big-value code{font-size:16px}
 .topbar-in{padding:10px 14px}
}
`;
