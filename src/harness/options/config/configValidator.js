// Generated from configSchema.ts by `npm run generate:validator` (configValidatorCode.ts): do not edit.
"use strict";
export const validate = validate57;
export default validate57;
const schema29 = {"optionalProperties":{"targets":{"values":{"discriminator":"suite","mapping":{"fetch-service":{"properties":{"baseUrl":{"type":"string"}},"optionalProperties":{"apiKeyEnv":{"type":"string"},"originUrl":{"type":"string"},"fetchTimeout":{"type":"float64"},"rateLimit":{"type":"float64"},"headersTimeout":{"type":"float64"},"bodyTimeout":{"type":"float64"},"maxBodyMib":{"type":"float64"}}},"meeting-platform":{"properties":{"authUrl":{"type":"string"},"apiBaseUrl":{"type":"string"}},"optionalProperties":{"rateLimit":{"type":"float64"},"headersTimeout":{"type":"float64"},"bodyTimeout":{"type":"float64"},"maxBodyMib":{"type":"float64"},"clientIdEnv":{"type":"string"},"clientSecretEnv":{"type":"string"},"accountIdEnv":{"type":"string"}}},"unit-record":{"optionalProperties":{"validator":{"type":"string"},"validatorSet":{"type":"string"}}}}}},"withReference":{"type":"boolean"},"report":{"elements":{"properties":{"format":{"enum":["json","junit","html","markdown"]},"path":{"type":"string"}}}},"seed":{"type":"float64"},"fuzzRuns":{"type":"float64"},"oneTargetAtATime":{"type":"boolean"},"rateLimit":{"type":"float64"},"checkBudget":{"type":"float64"},"concurrency":{"type":"float64"},"headersTimeout":{"type":"float64"},"bodyTimeout":{"type":"float64"},"maxBodyMib":{"type":"float64"},"strict":{"type":"boolean"},"requireReasons":{"type":"boolean"}}};
const func0 = Object.prototype.hasOwnProperty;

function validate57(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
let valid0 = false;
if(data && typeof data == "object" && !Array.isArray(data)){
valid0 = true;
if(data.targets !== undefined){
let data0 = data.targets;
let valid3 = false;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
let valid5 = true;
for(const key0 in data0){
let data1 = data0[key0];
const _errs1 = errors;
let valid6 = false;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
const tag0 = data1.suite;
if(tag0 === undefined){
const err0 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/targets/values/discriminator",keyword:"discriminator",params:{error: "tag", tag: "suite", tagValue: tag0},message:"tag \"suite\" must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else if(typeof tag0 == "string"){
if(tag0 === "fetch-service"){
const _errs2 = errors;
let valid8 = false;
valid8 = true;
if(data1.baseUrl !== undefined){
if(!(typeof data1.baseUrl == "string")){
const err1 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/baseUrl",schemaPath:"/optionalProperties/targets/values/mapping/fetch-service/properties/baseUrl/type",keyword:"type",params:{type: "string", nullable: false},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
else {
const err2 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/targets/values/mapping/fetch-service/properties/baseUrl",keyword:"properties",params:{error: "missing", missingProperty: "baseUrl"},message:"must have property 'baseUrl'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data1.apiKeyEnv !== undefined){
if(!(typeof data1.apiKeyEnv == "string")){
const err3 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/apiKeyEnv",schemaPath:"/optionalProperties/targets/values/mapping/fetch-service/optionalProperties/apiKeyEnv/type",keyword:"type",params:{type: "string", nullable: false},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data1.originUrl !== undefined){
if(!(typeof data1.originUrl == "string")){
const err4 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/originUrl",schemaPath:"/optionalProperties/targets/values/mapping/fetch-service/optionalProperties/originUrl/type",keyword:"type",params:{type: "string", nullable: false},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data1.fetchTimeout !== undefined){
if(!(typeof data1.fetchTimeout == "number")){
const err5 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/fetchTimeout",schemaPath:"/optionalProperties/targets/values/mapping/fetch-service/optionalProperties/fetchTimeout/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data1.rateLimit !== undefined){
if(!(typeof data1.rateLimit == "number")){
const err6 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/rateLimit",schemaPath:"/optionalProperties/targets/values/mapping/fetch-service/optionalProperties/rateLimit/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data1.headersTimeout !== undefined){
if(!(typeof data1.headersTimeout == "number")){
const err7 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/headersTimeout",schemaPath:"/optionalProperties/targets/values/mapping/fetch-service/optionalProperties/headersTimeout/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data1.bodyTimeout !== undefined){
if(!(typeof data1.bodyTimeout == "number")){
const err8 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/bodyTimeout",schemaPath:"/optionalProperties/targets/values/mapping/fetch-service/optionalProperties/bodyTimeout/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data1.maxBodyMib !== undefined){
if(!(typeof data1.maxBodyMib == "number")){
const err9 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/maxBodyMib",schemaPath:"/optionalProperties/targets/values/mapping/fetch-service/optionalProperties/maxBodyMib/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
for(const key1 in data1){
if(((key1 !== "suite") && (key1 !== "baseUrl")) && (((((((key1 !== "apiKeyEnv") && (key1 !== "originUrl")) && (key1 !== "fetchTimeout")) && (key1 !== "rateLimit")) && (key1 !== "headersTimeout")) && (key1 !== "bodyTimeout")) && (key1 !== "maxBodyMib"))){
const err10 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/targets/values/mapping/fetch-service",keyword:"properties",params:{error: "additional", additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(!valid8){
const err11 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/targets/values/mapping/fetch-service/properties",keyword:"properties",params:{type: "object", nullable: false},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var valid7 = _errs2 === errors;
valid6 = valid7;
}
else if(tag0 === "meeting-platform"){
const _errs11 = errors;
let valid12 = false;
valid12 = true;
if(data1.authUrl !== undefined){
if(!(typeof data1.authUrl == "string")){
const err12 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/authUrl",schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/properties/authUrl/type",keyword:"type",params:{type: "string", nullable: false},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/properties/authUrl",keyword:"properties",params:{error: "missing", missingProperty: "authUrl"},message:"must have property 'authUrl'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data1.apiBaseUrl !== undefined){
if(!(typeof data1.apiBaseUrl == "string")){
const err14 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/apiBaseUrl",schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/properties/apiBaseUrl/type",keyword:"type",params:{type: "string", nullable: false},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/properties/apiBaseUrl",keyword:"properties",params:{error: "missing", missingProperty: "apiBaseUrl"},message:"must have property 'apiBaseUrl'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data1.rateLimit !== undefined){
if(!(typeof data1.rateLimit == "number")){
const err16 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/rateLimit",schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/optionalProperties/rateLimit/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data1.headersTimeout !== undefined){
if(!(typeof data1.headersTimeout == "number")){
const err17 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/headersTimeout",schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/optionalProperties/headersTimeout/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data1.bodyTimeout !== undefined){
if(!(typeof data1.bodyTimeout == "number")){
const err18 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/bodyTimeout",schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/optionalProperties/bodyTimeout/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data1.maxBodyMib !== undefined){
if(!(typeof data1.maxBodyMib == "number")){
const err19 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/maxBodyMib",schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/optionalProperties/maxBodyMib/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data1.clientIdEnv !== undefined){
if(!(typeof data1.clientIdEnv == "string")){
const err20 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/clientIdEnv",schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/optionalProperties/clientIdEnv/type",keyword:"type",params:{type: "string", nullable: false},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data1.clientSecretEnv !== undefined){
if(!(typeof data1.clientSecretEnv == "string")){
const err21 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/clientSecretEnv",schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/optionalProperties/clientSecretEnv/type",keyword:"type",params:{type: "string", nullable: false},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data1.accountIdEnv !== undefined){
if(!(typeof data1.accountIdEnv == "string")){
const err22 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/accountIdEnv",schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/optionalProperties/accountIdEnv/type",keyword:"type",params:{type: "string", nullable: false},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
for(const key2 in data1){
if((((key2 !== "suite") && (key2 !== "authUrl")) && (key2 !== "apiBaseUrl")) && (((((((key2 !== "rateLimit") && (key2 !== "headersTimeout")) && (key2 !== "bodyTimeout")) && (key2 !== "maxBodyMib")) && (key2 !== "clientIdEnv")) && (key2 !== "clientSecretEnv")) && (key2 !== "accountIdEnv"))){
const err23 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform",keyword:"properties",params:{error: "additional", additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(!valid12){
const err24 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/targets/values/mapping/meeting-platform/properties",keyword:"properties",params:{type: "object", nullable: false},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
var valid11 = _errs11 === errors;
valid6 = valid11;
}
else if(tag0 === "unit-record"){
const _errs21 = errors;
let valid16 = false;
valid16 = true;
if(data1.validator !== undefined){
if(!(typeof data1.validator == "string")){
const err25 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/validator",schemaPath:"/optionalProperties/targets/values/mapping/unit-record/optionalProperties/validator/type",keyword:"type",params:{type: "string", nullable: false},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data1.validatorSet !== undefined){
if(!(typeof data1.validatorSet == "string")){
const err26 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/validatorSet",schemaPath:"/optionalProperties/targets/values/mapping/unit-record/optionalProperties/validatorSet/type",keyword:"type",params:{type: "string", nullable: false},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
for(const key3 in data1){
if((key3 !== "suite") && ((key3 !== "validator") && (key3 !== "validatorSet"))){
const err27 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/targets/values/mapping/unit-record",keyword:"optionalProperties",params:{error: "additional", additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(!valid16){
const err28 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/targets/values/mapping/unit-record/optionalProperties",keyword:"optionalProperties",params:{type: "object", nullable: false},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var valid15 = _errs21 === errors;
valid6 = valid15;
}
else {
const err29 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/suite",schemaPath:"/optionalProperties/targets/values/mapping",keyword:"discriminator",params:{error: "mapping", tag: "suite", tagValue: tag0},message:"value of tag \"suite\" must be in mapping"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1")+"/suite",schemaPath:"/optionalProperties/targets/values/discriminator",keyword:"discriminator",params:{error: "tag", tag: "suite", tagValue: tag0},message:"tag \"suite\" must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else if(!valid6){
const err31 = {instancePath:instancePath+"/targets/" + key0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/targets/values/discriminator",keyword:"discriminator",params:{type: "object", nullable: false},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
var valid4 = _errs1 === errors;
if(!valid4){
valid5 = false;
}
}
valid3 = valid5;
}
else if(!valid3){
const err32 = {instancePath:instancePath+"/targets",schemaPath:"/optionalProperties/targets/values",keyword:"values",params:{type: "object", nullable: false},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.withReference !== undefined){
if(!(typeof data.withReference == "boolean")){
const err33 = {instancePath:instancePath+"/withReference",schemaPath:"/optionalProperties/withReference/type",keyword:"type",params:{type: "boolean", nullable: false},message:"must be boolean"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.report !== undefined){
let data22 = data.report;
let valid19 = false;
if(!valid19){
if(Array.isArray(data22)){
let valid21 = true;
const len0 = data22.length;
for(let i0=0; i0<len0; i0++){
let data23 = data22[i0];
const _errs26 = errors;
let valid22 = false;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
valid22 = true;
if(data23.format !== undefined){
let data24 = data23.format;
if(!((typeof data24 == "string") && ((((data24 === "json") || (data24 === "junit")) || (data24 === "html")) || (data24 === "markdown")))){
const err34 = {instancePath:instancePath+"/report/" + i0+"/format",schemaPath:"/optionalProperties/report/elements/properties/format/enum",keyword:"enum",params:{allowedValues: schema29.optionalProperties.report.elements.properties.format.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/report/" + i0,schemaPath:"/optionalProperties/report/elements/properties/format",keyword:"properties",params:{error: "missing", missingProperty: "format"},message:"must have property 'format'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data23.path !== undefined){
if(!(typeof data23.path == "string")){
const err36 = {instancePath:instancePath+"/report/" + i0+"/path",schemaPath:"/optionalProperties/report/elements/properties/path/type",keyword:"type",params:{type: "string", nullable: false},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/report/" + i0,schemaPath:"/optionalProperties/report/elements/properties/path",keyword:"properties",params:{error: "missing", missingProperty: "path"},message:"must have property 'path'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
for(const key4 in data23){
if((key4 !== "format") && (key4 !== "path")){
const err38 = {instancePath:instancePath+"/report/" + i0+"/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"/optionalProperties/report/elements",keyword:"properties",params:{error: "additional", additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
if(!valid22){
const err39 = {instancePath:instancePath+"/report/" + i0,schemaPath:"/optionalProperties/report/elements/properties",keyword:"properties",params:{type: "object", nullable: false},message:"must be object"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var valid20 = _errs26 === errors;
if(!valid20){
valid21 = false;
}
}
valid19 = valid21;
}
else {
const err40 = {instancePath:instancePath+"/report",schemaPath:"/optionalProperties/report/elements",keyword:"elements",params:{type: "array", nullable: false},message:"must be array"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
if(data.seed !== undefined){
if(!(typeof data.seed == "number")){
const err41 = {instancePath:instancePath+"/seed",schemaPath:"/optionalProperties/seed/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.fuzzRuns !== undefined){
if(!(typeof data.fuzzRuns == "number")){
const err42 = {instancePath:instancePath+"/fuzzRuns",schemaPath:"/optionalProperties/fuzzRuns/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.oneTargetAtATime !== undefined){
if(!(typeof data.oneTargetAtATime == "boolean")){
const err43 = {instancePath:instancePath+"/oneTargetAtATime",schemaPath:"/optionalProperties/oneTargetAtATime/type",keyword:"type",params:{type: "boolean", nullable: false},message:"must be boolean"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.rateLimit !== undefined){
if(!(typeof data.rateLimit == "number")){
const err44 = {instancePath:instancePath+"/rateLimit",schemaPath:"/optionalProperties/rateLimit/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data.checkBudget !== undefined){
if(!(typeof data.checkBudget == "number")){
const err45 = {instancePath:instancePath+"/checkBudget",schemaPath:"/optionalProperties/checkBudget/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data.concurrency !== undefined){
if(!(typeof data.concurrency == "number")){
const err46 = {instancePath:instancePath+"/concurrency",schemaPath:"/optionalProperties/concurrency/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.headersTimeout !== undefined){
if(!(typeof data.headersTimeout == "number")){
const err47 = {instancePath:instancePath+"/headersTimeout",schemaPath:"/optionalProperties/headersTimeout/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data.bodyTimeout !== undefined){
if(!(typeof data.bodyTimeout == "number")){
const err48 = {instancePath:instancePath+"/bodyTimeout",schemaPath:"/optionalProperties/bodyTimeout/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data.maxBodyMib !== undefined){
if(!(typeof data.maxBodyMib == "number")){
const err49 = {instancePath:instancePath+"/maxBodyMib",schemaPath:"/optionalProperties/maxBodyMib/type",keyword:"type",params:{type: "float64", nullable: false},message:"must be float64"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.strict !== undefined){
if(!(typeof data.strict == "boolean")){
const err50 = {instancePath:instancePath+"/strict",schemaPath:"/optionalProperties/strict/type",keyword:"type",params:{type: "boolean", nullable: false},message:"must be boolean"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.requireReasons !== undefined){
if(!(typeof data.requireReasons == "boolean")){
const err51 = {instancePath:instancePath+"/requireReasons",schemaPath:"/optionalProperties/requireReasons/type",keyword:"type",params:{type: "boolean", nullable: false},message:"must be boolean"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
for(const key5 in data){
if(!(func0.call(schema29.optionalProperties, key5))){
const err52 = {instancePath:instancePath+"/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"",keyword:"optionalProperties",params:{error: "additional", additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
}
if(!valid0){
const err53 = {instancePath,schemaPath:"/optionalProperties",keyword:"optionalProperties",params:{type: "object", nullable: false},message:"must be object"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
validate57.errors = vErrors;
return errors === 0;
}

