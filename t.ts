import { curlCommand } from './src/harness/curlCommand.ts';
console.log(curlCommand({method:'POST', url:"http://127.0.0.1:1/v1/fetch?a='b", headers:[['X-SVC-API-Key','$SVC_API_KEY'],['Content-Type','application/json']], body:'{"url":"http://x/$HOME\'"}'}));
console.log(curlCommand({method:'POST', url:"http://127.0.0.1:1/v1/fetch", headers:[['Authorization','Bearer $ACCESS_TOKEN']], body:'a\u0000b%\\é'}));
