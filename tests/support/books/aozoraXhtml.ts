/**
 * An Aozora Bunko XHTML page shaped like the published ones (Shift_JIS, XHTML
 * 1.1, `div.metadata`, `div.main_text` of lines ending in `<br />`, headings as
 * h3–h5 with anchors, ruby with rb/rp/rt, gaiji as images under
 * `../../../gaiji/<plane>-<row>/`, transcriber's notes in `span.notes`, then the
 * colophon, the notation notes and the card link).
 */
export function aozoraXhtml(opts: { title?: string; author?: string; lines?: string[] } = {}): string {
  const title = opts.title ?? '羅生門';
  const author = opts.author ?? '芥川龍之介';
  const lines = opts.lines ?? [
    '<h3 class="o-midashi"><a class="midashi_anchor" id="midashi10">一</a></h3>',
    '　或日の暮方の事である。一人の<ruby><rb>下人</rb><rp>（</rp><rt>げにん</rt><rp>）</rp></ruby>が、羅生門の下で雨やみを待っていた。<br />',
    '　<img src="../../../gaiji/2-12/2-12-93.png" alt="※(「てへん＋丑」、第4水準2-12-93)" class="gaiji" />じる手と、<ruby><rb><img src="../../../gaiji/1-94/1-94-06.png" alt="※(「需＋頁」、第3水準1-94-6)" class="gaiji" /></rb><rp>（</rp><rt>こめかみ</rt><rp>）</rp></ruby>の汗。<br />',
    '　画像の名に符号のない外字<img src="../../../gaiji/other/kigou.png" alt="※(「木＋解」、第3水準1-86-22)" class="gaiji" />も、符号のない<img src="../../../gaiji/other/x.png" alt="※(「目＋匡」、66-上-2)" class="gaiji" />も。<br />',
    '　口に※<span class="notes">［＃「口＋世」、U+546D、28-9］</span>く。<ruby><rb>※<img src="../../../gaiji/1-91/1-91-65.png" alt="※(「虫＋斯」、第3水準1-91-65)" class="gaiji" /></rb><rp>（</rp><rt>けむし</rt><rp>）</rp></ruby><span class="notes">［＃「虫＋占」、U+86C5、18-5］</span>が這う。<br />',
    '　眼を※<span class="notes">［＃「目＋匡」、66-上-2］</span>った。<span class="notes">［＃「眼」は底本では「目」］</span><br />',
    '<br />',
    '<h3 class="o-midashi"><a class="midashi_anchor" id="midashi20">二</a></h3>',
    '　下人の<em class="sesame_dot">行方</em>は、誰も知らない。<br />',
  ];
  return `<?xml version="1.0" encoding="Shift_JIS"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN"
    "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ja" >
<head>
	<meta http-equiv="Content-Type" content="text/html;charset=Shift_JIS" />
	<meta http-equiv="content-style-type" content="text/css" />
	<link rel="stylesheet" type="text/css" href="../../aozora.css" />
	<title>${author} ${title}</title>
	<script type="text/javascript" src="../../jquery-1.4.2.min.js"></script>
  <link rel="Schema.DC" href="http://purl.org/dc/elements/1.1/" />
	<meta name="DC.Title" content="${title}" />
	<meta name="DC.Creator" content="${author}" />
	<meta name="DC.Publisher" content="青空文庫" />
</head>
<body>
<div class="metadata">
<h1 class="title">${title}</h1>
<h2 class="author">${author}</h2>
<br />
<br />
</div>
<div id="contents" style="display:none"></div><div class="main_text"><br />
${lines.join('\n')}
</div>
<div class="bibliographical_information">
<hr />
<br />
底本：「芥川龍之介全集1」ちくま文庫、筑摩書房<br />
\u3000\u3000\u30001986（昭和61）年9月24日第1刷発行<br />
入力：j.utiyama<br />
校正：earthian<br />
1997年7月28日公開<br />
青空文庫作成ファイル：<br />
このファイルは、インターネットの図書館、<a href="http://www.aozora.gr.jp/">青空文庫</a>（http://www.aozora.gr.jp/）で作られました。入力、校正、制作にあたったのは、ボランティアの皆さんです。<br />
<br />
<br />
</div>
<div class="notation_notes">
<hr />
<br />
●表記について<br />
<ul>
	<li>このファイルは W3C 勧告 XHTML1.1 にそった形式で作成されています。</li>
	<li>「※［＃…］」は、入力者による注を表す記号です。</li>
	<li>「くの字点」をのぞくJIS X 0213にある文字は、画像化して埋め込みました。</li>
</ul>
</div>
<div id="card">
<hr />
<br />
<a href="JavaScript:goLibCard();" id="goAZLibCard">●図書カード</a><script type="text/javascript" src="../../contents.js"></script>
<script type="text/javascript" src="../../golink.js"></script>
</div>
</body>
</html>
`;
}
