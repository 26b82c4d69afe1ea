/**
 * The most used passwords, as people dress them up least: lower case, without the digits
 * and signs added around them (rules.ts takes those off before looking). Only a short list
 * travels to the browser; the server's dictionary check knows tens of thousands more.
 */
const LIST = `
password passw0rd passwort motdepasse contraseña wachtwoord letmein welcome welcome1 hello
iloveyou loveyou lovely love trustno1 secret whatever nothing changeme default
admin administrator root login user guest test tester testing demo sample
qwerty qwertyuiop qwerty123 azerty qwertz asdfgh asdfghjkl zxcvbn zxcvbnm 1qaz2wsx 1q2w3e4r
1q2w3e4r5t qazwsx qazwsxedc zaq12wsx 123qwe qwe123 abc123 a1b2c3 aa123456 123abc
123456 12345678 123456789 1234567890 111111 000000 123123 654321 666666 121212 112233
159753 159357 147258369 789456123 7777777 696969 131313 987654321 112233445566
dragon monkey shadow master mustang michael superman batman spiderman starwars pokemon
football baseball basketball soccer hockey golfer tennis yankees cowboys lakers
liverpool chelsea arsenal barcelona juventus
jordan jennifer hunter buster harley tigger andrew daniel thomas robert charlie george
michelle jessica ashley nicole amanda matthew joshua anthony william jordan23 maggie
ginger pepper cookie cheese chocolate banana orange apple
princess angel angels butterfly flower sunshine summer winter autumn spring rainbow
freedom computer internet monitor samsung iphone google facebook linkedin
killer ranger thunder matrix access austin dallas taylor phoenix cheyenne
corvette ferrari mercedes porsche mickey snoopy blink182 superstar rockstar
secret123 purple diamond silver golden yellow hello123 whatsup sunflower
mypassword mypass passpass pass1234 password1 password123 iloveyou1 princess1
baby babygirl lovers friends family forever beautiful
taskbid taskbids task bid tasks bids freelance freelancer
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
