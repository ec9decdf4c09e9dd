import { expect, test } from "vitest";

import { twilioSignature } from "./webhooks";

// Known answers, not our own output: Twilio's documented request-validation example (the
// "Webhooks security" docs, its code samples in TwilioDevEd/api-snippets
// security/signature_validation/, and twilio-node's spec/validation.spec.js). The fields are
// given here out of order, as a form may carry them: the signature sorts them by name.
const documentedToken = "12345";
const documentedUrl = "https://mycompany.com/myapp.php?foo=1&bar=2";

test("Twilio's documented example: its signature, whatever order the fields come in", () => {
  const fields = {
    To: "+18005551212",
    From: "+14158675309",
    Digits: "1234",
    Caller: "+14158675309",
    CallSid: "CA1234567890ABCDE",
  };
  expect(twilioSignature(documentedToken, documentedUrl, fields)).toBe(
    "RSOYDt4T1cUTdK1PDd93/VVr8B8=",
  );
});

test("Twilio's second documented example (another caller) has its own documented signature", () => {
  const fields = {
    Digits: "1234",
    To: "+18005551212",
    CallSid: "CA1234567890ABCDE",
    From: "+14158675310",
    Caller: "+14158675310",
  };
  expect(twilioSignature(documentedToken, documentedUrl, fields)).toBe(
    "GvWf1cFY/Q7PnoempGyD5oXAezc=",
  );
});

test("another token, another address or another value is not the documented signature", () => {
  const fields = {
    CallSid: "CA1234567890ABCDE",
    Caller: "+14158675309",
    Digits: "1234",
    From: "+14158675309",
    To: "+18005551212",
  };
  const documented = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";
  expect(twilioSignature("54321", documentedUrl, fields)).not.toBe(documented);
  expect(twilioSignature(documentedToken, "https://mycompany.com/myapp.php", fields)).not.toBe(
    documented,
  );
  expect(twilioSignature(documentedToken, documentedUrl, { ...fields, Digits: "1235" })).not.toBe(
    documented,
  );
});
