/** The one stylesheet of the HTML reports (hashed into the CSP by page.ts). */
export const STYLE = `
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:80rem;padding:1rem;color:#1f2328;background:#fff}
h1{font-size:1.4rem;margin:.5rem 0}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #d0d7de;padding-bottom:.2rem}h3{font-size:1rem;margin:.3rem 0}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all;margin:.3rem 0;max-height:30rem;overflow-y:auto}
table{border-collapse:collapse;margin:.5rem 0;max-width:100%}td,th{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
.scroll{overflow-x:auto;max-width:100%}
a{color:#0550ae}
.pass{color:#1a7f37}.fail,.error{color:#cf222e}.warn{color:#8a5a00}.skip,.incomplete,.muted{color:#59636e}.info{color:#0550ae}
.cards{display:flex;flex-wrap:wrap;gap:1rem}.card{border:1px solid #d0d7de;border-radius:6px;padding:.6rem .8rem;flex:1 1 18rem;min-width:0}
.card h2{margin-top:0;border:0}
.big{font-size:1.6rem;font-weight:600}
svg.bar{vertical-align:middle;max-width:100%}
.s-track{fill:#eaeef2}.s-pass{fill:#2da44e}.s-fail{fill:#cf222e}.s-warn{fill:#d4a72c}.s-info{fill:#54aeff}.s-skip{fill:#afb8c1}.s-incomplete{fill:#8c959f}.s-error{fill:#82071e}.s-none{fill:#eaeef2}
.l-rate{fill:none;stroke:#0969da;stroke-width:1.5}.l-p99{fill:none;stroke:#cf222e;stroke-width:1.5}.i-axis{stroke:#d0d7de;stroke-width:2}.i-range{stroke:#0969da;stroke-width:4;stroke-linecap:round}.i-rate{fill:#0550ae}.i-threshold{stroke:#8a5a00;stroke-width:1.5;stroke-dasharray:2 2}
.legend span{margin-right:.8rem;white-space:nowrap}
.era{display:inline-flex;border:1px solid #d0d7de;border-radius:6px;overflow:hidden}.era span{padding:.15rem .6rem;color:#59636e}.era span.on{background:#0969da;color:#fff;font-weight:600}
.finding{color:#1f2328;border:1px solid #d0d7de;border-left:4px solid #d0d7de;border-radius:4px;margin:.6rem 0;padding:0}.finding.fail,.finding.error{border-left-color:#cf222e}.finding.warn{border-left-color:#d4a72c}.finding.pass{border-left-color:#2da44e}
.finding>summary{padding:.4rem .6rem;cursor:pointer}.finding .body{padding:.2rem .8rem .6rem}
.frame{border-top:1px solid #eaeef2;padding:.2rem 0}.frame>summary{cursor:pointer}
button{font:inherit;padding:.15rem .6rem;border:1px solid #8c959f;border-radius:4px;background:#f6f8fa;color:#1f2328;cursor:pointer}button:hover{background:#eaeef2}
button:focus-visible,summary:focus-visible,select:focus-visible,input:focus-visible{outline:2px solid #0969da;outline-offset:1px}
.filters{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:.5rem 0}.filters label{display:flex;flex-direction:column;font-size:12px;color:#59636e}
.filters select,.filters input{font:inherit;padding:.15rem .3rem;max-width:16rem}
.tl{list-style:none;margin:0;padding:0}.tl li{border-top:1px solid #eaeef2}.tl li.hit{background:#fff8c5}
.tl details>summary{cursor:pointer;padding:.15rem .2rem;display:flex;gap:.5rem;flex-wrap:wrap;align-items:baseline}
.tl .t{color:#59636e;min-width:5rem;text-align:right;font-variant-numeric:tabular-nums}.tl .conn{color:#59636e}.tl .dir{width:1.2rem;text-align:center}
.tl .lane{display:inline-block;width:6rem;height:.5rem;background:#eaeef2;position:relative;border-radius:3px}.tl .dot{position:absolute;top:0;width:.5rem;height:.5rem;border-radius:50%;background:#0969da}
.msg{border:1px solid #d0d7de;border-radius:6px;padding:.4rem .7rem;margin:.4rem 0}.msg.user{background:#ddf4ff}.msg.model{background:#f6f8fa}.msg .who{font-weight:600;font-size:12px;color:#59636e}
.tool{margin:.3rem 0 .3rem 1rem}
@media (max-width:600px){body{padding:.5rem}.tl .lane{display:none}td,th{padding:.2rem .3rem}}
`;
