/** Common English function words that carry no topic and are skipped when indexing and querying. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just let me more
most my myself no nor not now of off on once only or other our ours ourselves out over own same she
should so some such than that the their theirs them themselves then there these they this those
through to too under until up very was we were what when where which while who whom why will with
would you your yours yourself yourselves i'm i've i'd it's don't can't won't isn't aren't doesn't
didn't we're we've they're you're that's there's get got also may might must shall via etc yet
whether either neither every much many one ones`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);
