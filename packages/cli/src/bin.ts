#!/usr/bin/env node
console.log('skillset');
