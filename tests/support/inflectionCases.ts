/**
 * Inflected forms of real words, rule family by rule family: `inflected dictionary-form class
 * reason›reason…` (the reasons innermost first; left out where only the class is checked). The
 * class is the one the chain must end on. The deinflection unit test checks each one; the
 * dictionary benchmark times each chain.
 */
import type { InflectionReason } from '../../shared/inflections';

export const INFLECTION_FAMILIES: Record<string, string[]> = {
  past: [
    '食べた 食べる v1 past', '書いた 書く v5 past', '泳いだ 泳ぐ v5 past', '話した 話す v5 past', '待った 待つ v5 past', '死んだ 死ぬ v5 past',
    '遊んだ 遊ぶ v5 past', '読んだ 読む v5 past', '帰った 帰る v5 past', '買った 買う v5 past', '行った 行く v5 past', 'いった いく v5 past',
    '逝った 逝く v5 past', '問うた 問う v5 past', '請うた 請う v5 past', '乞うた 乞う v5 past', 'のたもうた のたまう v5 past', 'した する vs past',
    '為た 為る vs past', '勉強した 勉強する vs past', '来た 来る vk past', 'きた くる vk past', '來た 來る vk past', '論じた 論ずる vz past',
    '論じた 論じる v1 past', '感じた 感ずる vz past', '高かった 高い adjI past', 'よかった いい adjI past', 'よかった よい adjI past',
    'いらっしゃった いらっしゃる v5 past', '見た 見る v1 past', '居た 居る v1 past',
  ],
  te: [
    '食べて 食べる v1 te', '書いて 書く v5 te', '泳いで 泳ぐ v5 te', '話して 話す v5 te', '待って 待つ v5 te', '死んで 死ぬ v5 te', '遊んで 遊ぶ v5 te',
    '読んで 読む v5 te', '帰って 帰る v5 te', '買って 買う v5 te', '行って 行く v5 te', 'いって いく v5 te', '問うて 問う v5 te', '請うて 請う v5 te',
    'して する vs te', '為て 為る vs te', '来て 来る vk te', 'きて くる vk te', '來て 來る vk te', '感じて 感ずる vz te', '高くて 高い adjI te',
    'よくて いい adjI te', 'なくて ない adjI te',
  ],
  negative: [
    '食べない 食べる v1 negative', '書かない 書く v5 negative', '泳がない 泳ぐ v5 negative', '話さない 話す v5 negative', '待たない 待つ v5 negative',
    '死なない 死ぬ v5 negative', '遊ばない 遊ぶ v5 negative', '読まない 読む v5 negative', '帰らない 帰る v5 negative', '買わない 買う v5 negative',
    'しない する vs negative', '為ない 為る vs negative', 'こない くる vk negative', '来ない 来る vk negative', '來ない 來る vk negative',
    '論じない 論ずる vz negative', '高くない 高い adjI negative', 'よくない いい adjI negative', '食べなかった 食べる v1 negative›past',
    '来なかった 来る vk negative›past', '高くなかった 高い adjI negative›past',
  ],
  polite: [
    '食べます 食べる v1 polite', '書きます 書く v5 polite', '行きます 行く v5 polite', 'します する vs polite', '為ます 為る vs polite',
    '来ます 来る vk polite', 'きます くる vk polite', '論じます 論ずる vz polite', 'いらっしゃいます いらっしゃる v5aru polite',
    'なさいます なさる v5aru polite', 'くださいます くださる v5aru polite', 'おっしゃいます おっしゃる v5aru polite', 'ございます ござる v5 polite',
    '御座います 御座る v5 polite', 'ございました ござる v5 polite›past', '食べました 食べる v1 polite›past', '食べません 食べる v1 polite›negative',
    '食べませんでした 食べる v1 polite›negative›past', '行きませんかった 行く v5 polite›negative›past', '食べましょう 食べる v1 polite›volitional',
    '行きましょ 行く v5 polite›volitional', '食べまして 食べる v1 polite›te', '申しますれば 申す v5 polite›conditional',
    '行きませば 行く v5 polite›conditional', 'いらっしゃいませ いらっしゃる v5aru polite›imperative', 'いらっしゃいまし いらっしゃる v5aru polite›imperative',
    '食べましたら 食べる v1 polite›tara', '存じませぬ 存じる v1 polite›nu', '行きますまい 行く v5 polite›mai', '食べませんで 食べる v1 polite›negative›te',
    'ありがとうございました ありがとうございます masu past',
  ],
  adjectivePolite: [
    '高くありません 高い adjI polite›negative', '高くありませんでした 高い adjI polite›negative›past', '高いです 高い adjI desu',
    '高かったです 高い adjI past›desu', '高くないです 高い adjI negative›desu', '美しくありませんでした 美しい adjI polite›negative›past',
  ],
  taraTari: [
    '食べたら 食べる v1 tara', '書いたら 書く v5 tara', '行ったら 行く v5 tara', 'したら する vs tara', '来たら 来る vk tara', '高かったら 高い adjI tara',
    '食べたり 食べる v1 tari', '読んだり 読む v5 tari', '高かったり 高い adjI tari', '問うたら 問う v5 tara',
  ],
  conditional: [
    '食べれば 食べる v1 conditional', '書けば 書く v5 conditional', 'すれば する vs conditional', 'くれば くる vk conditional', '来れば 来る vk conditional',
    '高ければ 高い adjI conditional', 'よければ いい adjI conditional', '論ずれば 論ずる vz conditional', '言えば 言う v5 conditional',
  ],
  conditionalContracted: [
    '食べりゃ 食べる v1 conditionalContracted', '書きゃ 書く v5 conditionalContracted', 'すりゃ する vs conditionalContracted',
    '言や 言う v5 conditionalContracted', '高けりゃ 高い adjI conditionalContracted', '高きゃ 高い adjI conditionalContracted',
    'しなきゃ する vs negative›conditionalContracted', '行かなきゃ 行く v5 negative›conditionalContracted', '食べなけりゃ 食べる v1 negative›conditionalContracted',
    '来りゃ 来る vk conditionalContracted', '待ちゃ 待つ v5 conditionalContracted',
  ],
  volitional: [
    '食べよう 食べる v1 volitional', '書こう 書く v5 volitional', 'しよう する vs volitional', 'こよう くる vk volitional', '来よう 来る vk volitional',
    '行こ 行く v5 volitional', '食べよっか 食べる v1 volitional', '行こっか 行く v5 volitional', '高かろう 高い adjI volitional', '論じよう 論ずる vz volitional',
  ],
  imperative: [
    '食べろ 食べる v1 imperative', '起きよ 起きる v1', '書け 書く v5 imperative', 'しろ する vs imperative', 'せよ する vs imperative',
    'こい くる vk imperative', '来い 来る vk imperative', '論じろ 論ずる vz imperative', 'いらっしゃい いらっしゃる v5aru imperative',
    'なさい なさる v5aru imperative', '下さい 下さる v5aru imperative',
  ],
  prohibitive: ['行くな 行く v5 prohibitive', '食べるな 食べる v1 prohibitive', 'するな する vs prohibitive', '来るな 来る vk prohibitive'],
  continuative: ['読み 読む v5 continuative', '書き 書く v5 continuative', '食べ 食べる v1 continuative', '起き 起きる v1 continuative', '来 来る vk continuative'],
  classicalNegatives: [
    '食べず 食べる v1 zu', '書かず 書く v5 zu', 'せず する vs zu', '来ず 来る vk zu', 'こず くる vk zu', '論ぜず 論ずる vz zu', '為ず 為る vs zu',
    '知らずに 知る v5 zu', '高からず 高い adjI zu', '知らぬ 知る v5 nu', '食べぬ 食べる v1 nu', 'せぬ する vs nu', '来ぬ 来る vk nu',
    '高からぬ 高い adjI nu', '知らん 知る v5 colloquialNegative', '食べん 食べる v1 colloquialNegative', 'せん する vs colloquialNegative',
    '来ん 来る vk colloquialNegative', '行かんかった 行く v5 colloquialNegative›past', 'せんかった する vs colloquialNegative›past',
    '知らざる 知る v5 zaru', '食べざる 食べる v1 zaru', 'せざる する vs zaru', '行かねば 行く v5 neba', '食べねば 食べる v1 neba',
    'せねば する vs neba', '行かにゃ 行く v5 neba', 'せにゃ する vs neba', 'あらじ ある v5 ji', 'せじ する vs ji',
  ],
  maiBeshi: [
    '行くまい 行く v5 mai', '食べまい 食べる v1 mai', '食べるまい 食べる v1 mai', 'するまい する vs mai', 'すまい する vs mai', '来まい 来る vk mai',
    'こまい くる vk mai', '行くべし 行く v5 beshi', '行くべき 行く v5 beshi', '行くべく 行く v5 beshi', '行くべからず 行く v5 beshi',
    'すべし する vs beshi', '食べるべき 食べる v1 beshi', '欠くべからざる 欠く v5 beshi',
  ],
  ntosuruNbakari: [
    '行かんとする 行く v5 ntosuru', '行かんとした 行く v5 ntosuru›past', '死なんとす 死ぬ v5 ntosuru', '泣かんばかり 泣く v5 nbakari',
    '言わんばかり 言う v5 nbakari', '食べんとする 食べる v1 ntosuru',
  ],
  tai: [
    '食べたい 食べる v1 tai', '行きたい 行く v5 tai', 'したい する vs tai', '来たい 来る vk tai', '食べたくない 食べる v1 tai›negative',
    '食べたかった 食べる v1 tai›past', '行きたがる 行く v5 tai›garu', '行きたがった 行く v5 tai›garu›past',
  ],
  garuGe: [
    '怖がる 怖い adjI garu', '寒がった 寒い adjI garu›past', '欲しがる 欲しい adjI garu', '悲しげ 悲しい adjI ge', '寂し気 寂しい adjI ge',
    'なさげ ない adjI ge', 'よさげ よい adjI ge',
  ],
  sou: [
    '降りそう 降りる v1 sou', '泣きそう 泣く v5 sou', '高そう 高い adjI sou', 'なさそう ない adjI sou', 'よさそう よい adjI sou', 'よさそう いい adjI sou',
    'しそう する vs sou',
  ],
  sugiru: [
    '食べすぎる 食べる v1 sugiru', '食べ過ぎた 食べる v1 sugiru›past', '飲みすぎる 飲む v5 sugiru', '高すぎる 高い adjI sugiru', '高過ぎる 高い adjI sugiru',
    'よすぎる いい adjI sugiru', 'なさすぎる ない adjI sugiru', 'しすぎる する vs sugiru',
  ],
  onTheStem: [
    '食べなさい 食べる v1 nasai', '書きなさい 書く v5 nasai', 'しなさい する vs nasai', '来なさい 来る vk nasai', '食べながら 食べる v1 nagara',
    '歩きながら 歩く v5 nagara', 'しながら する vs nagara', '知りつつ 知る v5 tsutsu', '読みやすい 読む v5 yasui', '読み易い 読む v5 yasui',
    '分かりにくい 分かる v5 nikui', '言いづらい 言う v5 zurai', '食べたまえ 食べる v1 tamae', '書き給え 書く v5 tamae',
  ],
  yagaru: [
    '食べやがる 食べる v1 yagaru', '食べやがった 食べる v1 yagaru›past', '言いやがって 言う v5 yagaru›te', 'しやがる する vs yagaru',
  ],
  causative: [
    '食べさせる 食べる v1 causative', '書かせる 書く v5 causative', 'させる する vs causative', '来させる 来る vk causative', 'こさせる くる vk causative',
    '論じさせる 論ずる vz causative', '為せる 為る vs causative', '食べさせた 食べる v1 causative›past', '行かせない 行く v5 causative›negative',
  ],
  shortCausative: [
    '食べさす 食べる v1 shortCausative', '待たす 待つ v5 shortCausative', '書かす 書く v5 shortCausative', '来さす 来る vk shortCausative',
    '待たした 待つ v5 shortCausative›past',
  ],
  passive: [
    '書かれる 書く v5 passive', '読まれた 読む v5 passive›past', 'される する vs passive', '為れる 為る vs passive', '叱られる 叱る v5 passive',
    '言われなかった 言う v5 passive›negative›past',
  ],
  potential: [
    '書ける 書く v5 potential', '読めた 読む v5 potential›past', 'できる する vs potential', '出来る する vs potential', '来れる 来る vk potential',
    'これる くる vk potential', '食べれる 食べる v1 potential', '見れる 見る v1 potential', '行けない 行く v5 potential›negative',
  ],
  potentialOrPassive: [
    '食べられる 食べる v1 potentialOrPassive', '見られた 見る v1 potentialOrPassive›past', '来られる 来る vk potentialOrPassive',
    'こられる くる vk potentialOrPassive', '論ぜられる 論ずる vz potentialOrPassive', 'せられる する vs potentialOrPassive',
    '食べられなかった 食べる v1 potentialOrPassive›negative›past',
  ],
  causativePassive: [
    '書かされる 書く v5 causativePassive', '待たされる 待つ v5 causativePassive', '読まされた 読む v5 causativePassive›past',
    '食べさせられる 食べる v1 causative›potentialOrPassive', '行かせられる 行く v5 causative›potentialOrPassive',
    '勉強させられた 勉強 vsNoun suru›causative›potentialOrPassive›past',
  ],
  teiruTeoru: [
    '食べている 食べる v1 te›teiru', '食べてる 食べる v1 te›teiru', '読んでいる 読む v5 te›teiru', '読んでる 読む v5 te›teiru',
    '食べていた 食べる v1 te›teiru›past', '食べてた 食べる v1 te›teiru›past', '食べています 食べる v1 te›teiru›polite',
    '食べておる 食べる v1 te›teoru', '食べとる 食べる v1 te›teoru', '読んどる 読む v5 te›teoru', '待っとった 待つ v5 te›teoru›past',
    '勉強させられていませんでした 勉強 vsNoun suru›causative›potentialOrPassive›te›teiru›polite›negative›past',
  ],
  tearuTeoku: [
    '書いてある 書く v5 te›tearu', '書いてあった 書く v5 te›tearu›past', '食べておく 食べる v1 te›teoku', '食べとく 食べる v1 te›teoku',
    '読んどく 読む v5 te›teoku', '食べといた 食べる v1 te›teoku›past', '読んどいて 読む v5 te›teoku›te',
  ],
  teikuTekuru: [
    '持っていく 持つ v5 te›teiku', '持ってく 持つ v5 te›teiku', '持ってった 持つ v5 te›teiku›past', '食べていった 食べる v1 te›teiku›past',
    '帰ってくる 帰る v5 te›tekuru', '帰ってきた 帰る v5 te›tekuru›past', '帰って来た 帰る v5 te›tekuru›past',
  ],
  shimau: [
    '食べてしまう 食べる v1 te›teshimau', '食べてしまった 食べる v1 te›teshimau›past', '読んでしまう 読む v5 te›teshimau',
    '食べちゃう 食べる v1 te›chau', '食べちゃった 食べる v1 te›chau›past', '読んじゃう 読む v5 te›chau', '読んじゃった 読む v5 te›chau›past',
    '食べちまう 食べる v1 te›chau', '死んじまった 死ぬ v5 te›chau›past', '食べてもうた 食べる v1 te›chau›past', 'しちゃった する vs te›chau›past',
  ],
  cha: [
    '食べちゃ 食べる v1 te›cha', '読んじゃ 読む v5 te›cha', '高くちゃ 高い adjI te›cha', '食べなくちゃ 食べる v1 negative›te›cha',
    '行かなくっちゃ 行く v5 negative›te›cha', 'しちゃ する vs te›cha', '来ちゃ 来る vk te›cha',
  ],
  naide: [
    '食べないで 食べる v1 negative›naide', '行かないで 行く v5 negative›naide', '食べないでおく 食べる v1 negative›naide›teoku',
    '食べないどく 食べる v1 negative›naide›teoku',
  ],
  teAuxiliaries: [
    '見せてくれる 見せる v1 te›teKureru', '書いてあげる 書く v5 te›teAgeru', '読んでやる 読む v5 te›teYaru', '食べてみる 食べる v1 te›teMiru',
    '書いてもらう 書く v5 te›teMorau', '読んでください 読む v5 te›teKudasai', '書いてくださる 書く v5 te›teKudasaru',
    '教えていただく 教える v1 te›teItadaku', '来てほしい 来る vk te›teHoshii', '来て欲しかった 来る vk te›teHoshii›past',
  ],
  colloquial: [
    'いいっす いい adjI ssu', '行くっす 行く v5 ssu', 'すげえ すごい adjI slang', 'すげー すごい adjI slang', 'やべえ やばい adjI slang',
    'うるせえ うるさい adjI slang', '知らねえ 知る v5 negative›slang', 'ねえ ない adjI slang', '食べてえ 食べる v1 tai›slang',
    'さみい さむい adjI slang', '凄え 凄い adjI slang', '痛え 痛い adjI slang', 'ええ いい adjI slang', 'わかんない わかる v5 negative›nSlang',
    '帰んなきゃ 帰る v5 negative›nSlang›conditionalContracted', '見らんない 見る v1 potentialOrPassive›negative›nSlang',
  ],
  kansai: [
    '食べへん 食べる v1 kansaiNegative', '行かへん 行く v5 kansaiNegative', 'せえへん する vs kansaiNegative', 'せーへん する vs kansaiNegative',
    'けえへん くる vk kansaiNegative', 'こーへん くる vk kansaiNegative', '見いひん 見る v1 kansaiNegative', '来えへん 来る vk kansaiNegative',
    '行かへんかった 行く v5 kansaiNegative›past', '食べひんかった 食べる v1 kansaiNegative›past', '書けへん 書く v5 potential›kansaiNegative',
    '行かはる 行く v5 kansaiHonorific', '言わはる 言う v5 kansaiHonorific', '食べはる 食べる v1 kansaiHonorific', 'しはる する vs kansaiHonorific',
    '来はった 来る vk kansaiHonorific›past', '雨やった 雨 noun kansaiCopula›past', '静かや 静か adjNa kansaiCopula', '行くねん 行く v5 nen',
    '食べへんねん 食べる v1 kansaiNegative›nen', '好きやねん 好き adjNa kansaiCopula›nen', '食べんねん 食べる v1 nen', '買うた 買う v5 past',
    'こうた かう v5 past', '言うて 言う v5 te', 'ゆうた いう v5 past', 'もろうた もらう v5 past', 'しもうた しまう v5 past', '高うて 高い adjI te›uOnbin',
    '美しゅう 美しい adjI adverbial›uOnbin', '高うない 高い adjI negative›uOnbin', 'たこう たかい adjI adverbial›uOnbin', 'よう よい adjI adverbial›uOnbin',
    'ありがとう ありがたい adjI adverbial›uOnbin', '寒う 寒い adjI adverbial›uOnbin',
  ],
  adjectiveForms: [
    '高く 高い adjI adverbial', '高さ 高い adjI noun', '美しき 美しい adjI ki', '高き 高い adjI ki', 'なき ない adjI ki', '高し 高い adjI shi',
    '美し 美しい adjI shi',
  ],
  suruNouns: [
    '勉強した 勉強 vsNoun suru›past', '勉強できる 勉強 vsNoun suru›potential', '勉強しない 勉強 vsNoun suru›negative', '勉強します 勉強 vsNoun suru›polite',
  ],
};

export interface InflectionCase {
  family: string;
  text: string;
  term: string;
  /** A key of WordClass. */
  cls: string;
  reasons: InflectionReason[] | undefined;
}

export const INFLECTION_CASES: readonly InflectionCase[] = Object.entries(INFLECTION_FAMILIES).flatMap(([family, lines]) =>
  lines.map((line) => {
    const [text = '', term = '', cls = '', reasons] = line.split(' ');
    return { family, text, term, cls, reasons: reasons ? (reasons.split('›') as InflectionReason[]) : undefined };
  }),
);
