// import 'attnscope/widgets/attn-line-chart': registers <attn-line-chart> (and the elements it uses).
import { AttnLineChart } from '../attn-line-chart.js';

AttnLineChart.define();
export { AttnLineChart };
